// Paying an order again in the customer's and the owner's words (machines/flow-words.ts, docs/decisions/071).
import type { FlowWords } from '../flow-words';

export const words = {
  states: {
    loadingOrder: { pt: 'Carregando o pedido', en: 'Loading the order', es: 'Cargando el pedido', ru: 'Загружаем заказ' },
    awaitingMoney: {
      pt: 'O pedido aguarda o seu pagamento',
      en: 'The order awaits your payment',
      es: 'El pedido espera tu pago',
      ru: 'Заказ ждёт вашей оплаты',
    },
    loadingMethods: {
      pt: 'Carregando as formas de pagamento',
      en: 'Loading the payment methods',
      es: 'Cargando los medios de pago',
      ru: 'Загружаем способы оплаты',
    },
    editing: { pt: 'Formulário de pagamento do pedido', en: 'Payment form for the order', es: 'Formulario de pago del pedido', ru: 'Форма оплаты заказа' },
    paying: { pt: 'Pagamento em andamento', en: 'Payment in progress', es: 'Pago en curso', ru: 'Идёт оплата' },
    failure: {
      pt: 'Não foi possível mostrar o pedido',
      en: 'The order could not be shown',
      es: 'No se pudo mostrar el pedido',
      ru: 'Не удалось показать заказ',
    },
    paid: { pt: 'Pedido pago', en: 'Order paid', es: 'Pedido pagado', ru: 'Заказ оплачен' },
    pending: {
      pt: 'Pagamento a caminho ou em confirmação',
      en: 'Payment on its way or being confirmed',
      es: 'Pago en camino o en confirmación',
      ru: 'Платёж в пути или подтверждается',
    },
    redirected: {
      pt: 'Aprovação no PayPal ou na carteira digital',
      en: 'Approving at PayPal or the e-wallet',
      es: 'Aprobación en PayPal o la billetera electrónica',
      ru: 'Подтверждение в PayPal или кошельке',
    },
    resuming: {
      pt: 'As mesmas instruções de pagamento',
      en: 'The same payment instructions again',
      es: 'Las mismas instrucciones de pago',
      ru: 'Те же инструкции по оплате',
    },
    closed: {
      pt: 'O pedido não pode mais ser pago',
      en: 'The order can no longer be paid',
      es: 'El pedido ya no se puede pagar',
      ru: 'Заказ больше нельзя оплатить',
    },
  },
  events: {
    EMAIL_CHANGED: {
      pt: 'O cliente digita o e-mail do recibo',
      en: 'The customer types the receipt email',
      es: 'El cliente escribe el correo para el recibo',
      ru: 'Клиент вводит почту для квитанции',
    },
    INSTALLMENTS_CHANGED: {
      pt: 'O cliente escolhe outro número de parcelas',
      en: 'The customer picks another number of instalments',
      es: 'El cliente elige otra cantidad de cuotas',
      ru: 'Клиент выбирает другое число платежей',
    },
    METHOD_SELECTED: {
      pt: 'O cliente escolhe outra forma de pagamento',
      en: 'The customer picks another method',
      es: 'El cliente elige otro medio de pago',
      ru: 'Клиент выбирает другой способ оплаты',
    },
    OTHER_METHOD_CHOSEN: {
      pt: 'O cliente escolhe pagar de outra forma',
      en: 'The customer chooses to pay another way',
      es: 'El cliente elige pagar de otra forma',
      ru: 'Клиент решает оплатить другим способом',
    },
    PAY_SUBMITTED: { pt: 'O cliente clica em Pagar', en: 'The customer presses Pay', es: 'El cliente hace clic en Pagar', ru: 'Клиент нажимает «Оплатить»' },
    RETRY: { pt: 'O cliente tenta de novo', en: 'The customer tries again', es: 'El cliente lo intenta de nuevo', ru: 'Клиент пробует снова' },
    SHOW_AGAIN_CHOSEN: {
      pt: 'O cliente pede para ver o código ou boleto de novo',
      en: 'The customer asks to see the code or slip again',
      es: 'El cliente pide ver de nuevo el código o boleto',
      ru: 'Клиент просит снова показать код или квитанцию',
    },
  },
  calls: {
    loadOrder: {
      done: { pt: 'O pedido chegou', en: 'The order is in', es: 'Llegó el pedido', ru: 'Заказ загружен' },
      error: {
        pt: 'Não foi possível carregar o pedido',
        en: 'The order could not be loaded',
        es: 'No se pudo cargar el pedido',
        ru: 'Не удалось загрузить заказ',
      },
    },
    loadMethods: {
      done: { pt: 'As formas de pagamento chegaram', en: 'The payment methods are in', es: 'Llegaron los medios de pago', ru: 'Способы оплаты загружены' },
      error: {
        pt: 'Não foi possível carregar as formas de pagamento',
        en: 'The payment methods could not be loaded',
        es: 'No se pudieron cargar los medios de pago',
        ru: 'Не удалось загрузить способы оплаты',
      },
    },
    payment: {
      done: { pt: 'O pagamento terminou', en: 'The payment is over', es: 'El pago terminó', ru: 'Оплата завершена' },
      error: {
        pt: 'O pagamento falhou inesperadamente',
        en: 'The payment failed unexpectedly',
        es: 'El pago falló de forma inesperada',
        ru: 'Оплата неожиданно сорвалась',
      },
    },
  },
  rules: {
    awaitsMoney: {
      pt: 'um PIX, boleto, transferência ou cotação aguarda pagamento',
      en: 'a PIX code, slip, transfer or quote awaits payment',
      es: 'un PIX, boleto, transferencia o cotización espera pago',
      ru: 'PIX, квитанция, перевод или криптосчёт ждут оплаты',
    },
    canPay: { pt: 'há forma de pagamento e e-mail', en: 'a method and an email are set', es: 'hay medio de pago y correo', ru: 'есть способ оплаты и почта' },
    isAwaitingConfirmation: {
      pt: 'a última cobrança ainda não teve resposta',
      en: 'the last charge is still unanswered',
      es: 'el último cobro aún no tiene respuesta',
      ru: 'по последнему списанию ещё нет ответа',
    },
    isClosed: {
      pt: 'o pedido não pode mais ser pago',
      en: 'the order can no longer be paid',
      es: 'el pedido ya no se puede pagar',
      ru: 'заказ больше нельзя оплатить',
    },
    isDeclined: { pt: 'o pagamento foi recusado', en: 'the payment was refused', es: 'el pago fue rechazado', ru: 'платёж отклонён' },
    isOpen: { pt: 'o pedido não foi concluído', en: 'the order is unfinished', es: 'el pedido está sin terminar', ru: 'заказ не завершён' },
    isPaid: { pt: 'o pedido foi pago', en: 'the order is paid', es: 'el pedido está pagado', ru: 'заказ оплачен' },
    isPending: { pt: 'o dinheiro ainda está a caminho', en: 'the money is still on its way', es: 'el dinero aún está en camino', ru: 'деньги ещё в пути' },
    isRedirected: {
      pt: 'é preciso aprovar no PayPal ou na carteira digital',
      en: 'it must be approved at PayPal or the e-wallet',
      es: 'hay que aprobarlo en PayPal o la billetera electrónica',
      ru: 'нужно подтвердить в PayPal или кошельке',
    },
  },
  timers: {},
} as const satisfies FlowWords;
