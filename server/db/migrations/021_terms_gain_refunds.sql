-- The terms of use gain their section on cancelling and refunds (docs/decisions/051): how
-- auto-renewal is turned off, the 7-day withdrawal of CDC art. 49 and how to ask for it. The seed
-- writes policy texts once, into an empty database, so one seeded earlier still holds the old
-- terms. Each language's text is replaced only where it is still word for word the one the seed
-- wrote: terms an operator has rewritten are theirs and stay (docs/decisions/035). A database
-- being created here has no texts yet, and the seed writes the new ones.
UPDATE policy_texts AS t SET content = new.content, updated_at = now()
FROM (VALUES
    ('pt', '<p>A assinatura dá acesso aos canais e conteúdos do plano escolhido pelo período contratado, no número de dispositivos do plano.</p>
<p>Planos mensais com renovação automática são cobrados no cartão de cobrança até que você cancele a renovação.</p>
<p>O compartilhamento da conta fora do número de dispositivos contratado não é permitido.</p>
<h2 id="refunds">Cancelamento e reembolso</h2>
<p>Você pode desativar a renovação automática a qualquer momento em Minha conta, na seção Renovação automática (“Desativar a renovação automática”). Nada mais é cobrado, e o plano continua ativo até o fim do período já pago.</p>
<p>Pelo Código de Defesa do Consumidor (art. 49), você pode desistir de uma compra feita pela internet em até 7 dias a contar da compra e receber de volta o valor integral pago.</p>
<p>O portal ainda não permite desistir da compra por conta própria: para pedir a desistência e o reembolso, fale com o nosso atendimento pelos contatos da página <a href="/help">Ajuda e contato</a>, informando o pedido.</p>'),
    ('en', '<p>A subscription gives access to the channels and content of the chosen plan for the period bought, on the plan’s number of devices.</p>
<p>Monthly plans with auto-renewal are charged to the billing card until you cancel the renewal.</p>
<p>Sharing the account beyond the number of devices bought is not allowed.</p>
<h2 id="refunds">Cancellation and refunds</h2>
<p>You can turn off auto-renewal at any time in My account, under Auto-renewal (“Turn off auto-renewal”). Nothing more is charged, and the plan stays active until the end of the period already paid.</p>
<p>Under the Brazilian Consumer Defence Code (Código de Defesa do Consumidor, art. 49), you may withdraw from a purchase made online within 7 days of the purchase and get back the full amount paid.</p>
<p>The portal does not yet let you withdraw on your own: to ask for the withdrawal and the refund, contact customer support through the contacts on the <a href="/help">Help and contact</a> page, saying which order it is.</p>'),
    ('es', '<p>La suscripción da acceso a los canales y contenidos del plan elegido durante el período contratado, en la cantidad de dispositivos del plan.</p>
<p>Los planes mensuales con renovación automática se cobran en la tarjeta de facturación hasta que canceles la renovación.</p>
<p>No se permite compartir la cuenta más allá de la cantidad de dispositivos contratada.</p>
<h2 id="refunds">Cancelación y reembolso</h2>
<p>Puedes desactivar la renovación automática en cualquier momento en Mi cuenta, en la sección Renovación automática («Desactivar la renovación automática»). No se cobra nada más y el plan sigue activo hasta el final del período ya pagado.</p>
<p>Según el Código de Defensa del Consumidor de Brasil (art. 49), puedes desistir de una compra hecha por internet dentro de los 7 días siguientes a la compra y recibir el reembolso íntegro del importe pagado.</p>
<p>El portal todavía no permite desistir por tu cuenta: para pedir el desistimiento y el reembolso, contacta con atención al cliente a través de los contactos de la página <a href="/help">Ayuda y contacto</a>, indicando el pedido.</p>'),
    ('ru', '<p>Подписка даёт доступ к каналам и контенту выбранного тарифа на оплаченный период и на число устройств тарифа.</p>
<p>Ежемесячные тарифы с автопродлением списываются с платёжной карты, пока вы не отмените продление.</p>
<p>Передавать доступ к аккаунту сверх оплаченного числа устройств запрещено.</p>
<h2 id="refunds">Отмена и возврат средств</h2>
<p>Автопродление можно отключить в любой момент в разделе «Мой аккаунт», в блоке «Автопродление» («Отключить автопродление»). Больше ничего не списывается, а тариф действует до конца уже оплаченного периода.</p>
<p>По Кодексу защиты прав потребителей Бразилии (ст. 49) от покупки, сделанной через интернет, можно отказаться в течение 7 дней после покупки и получить назад всю уплаченную сумму.</p>
<p>Портал пока не позволяет отказаться от покупки самостоятельно: чтобы попросить об отказе и возврате, обратитесь в службу поддержки по контактам на странице <a href="/help">«Помощь и контакты»</a>, указав заказ.</p>')
) AS new (lang, content), (VALUES
    ('pt', '<p>A assinatura dá acesso aos canais e conteúdos do plano escolhido pelo período contratado, no número de dispositivos do plano.</p>
<p>Planos mensais com renovação automática são cobrados no cartão de cobrança até que você cancele a renovação.</p>
<p>O compartilhamento da conta fora do número de dispositivos contratado não é permitido.</p>'),
    ('en', '<p>A subscription gives access to the channels and content of the chosen plan for the period bought, on the plan’s number of devices.</p>
<p>Monthly plans with auto-renewal are charged to the billing card until you cancel the renewal.</p>
<p>Sharing the account beyond the number of devices bought is not allowed.</p>'),
    ('es', '<p>La suscripción da acceso a los canales y contenidos del plan elegido durante el período contratado, en la cantidad de dispositivos del plan.</p>
<p>Los planes mensuales con renovación automática se cobran en la tarjeta de facturación hasta que canceles la renovación.</p>
<p>No se permite compartir la cuenta más allá de la cantidad de dispositivos contratada.</p>'),
    ('ru', '<p>Подписка даёт доступ к каналам и контенту выбранного тарифа на оплаченный период и на число устройств тарифа.</p>
<p>Ежемесячные тарифы с автопродлением списываются с платёжной карты, пока вы не отмените продление.</p>
<p>Передавать доступ к аккаунту сверх оплаченного числа устройств запрещено.</p>')
) AS old (lang, content)
WHERE t.type = 'terms' AND t.lang = new.lang AND old.lang = new.lang AND t.content = old.content;
