// Auto-renewal's acceptance criteria (docs/decisions/074, 010): each is what the walks check where
// the machine attaches it (tests/model/auto-renewal.world.ts `check`).
import type { Criterion } from '../acceptance';

export const acceptanceCriteria = {
  activated: {
    pt: 'Com a renovação ativa, a página mostra o cartão em que a próxima renovação será cobrada, o mesmo que o servidor tem.',
    en: 'With renewal on, the page shows the card the next renewal is charged to, the one the server has.',
    es: 'Con la renovación activa, la página muestra la tarjeta en que se cobrará la próxima renovación, la misma que tiene el servidor.',
    ru: 'При включённом автопродлении страница показывает карту для следующего списания — ту же, что на сервере.',
  },
  cardChanged: {
    pt: 'Trocar o cartão faz a próxima renovação ser cobrada no cartão novo.',
    en: 'Changing the card makes the next renewal charge the new card.',
    es: 'Cambiar la tarjeta hace que la próxima renovación se cobre en la tarjeta nueva.',
    ru: 'После смены карты следующее продление списывается с новой карты.',
  },
  cardRefused: {
    pt: 'Um cartão recusado na troca (6206) não muda nada: a renovação segue no cartão de antes.',
    en: 'A card refused on the change (6206) changes nothing: renewal stays on the card before.',
    es: 'Una tarjeta rechazada en el cambio (6206) no cambia nada: la renovación sigue en la tarjeta anterior.',
    ru: 'Карта, отклонённая при смене (6206), ничего не меняет: продление остаётся на прежней карте.',
  },
  cancelled: {
    pt: 'Uma renovação cancelada consta como cancelada no servidor e na página.',
    en: 'A cancelled renewal reads cancelled on the server and on the page.',
    es: 'Una renovación cancelada figura como cancelada en el servidor y en la página.',
    ru: 'Отменённое продление значится отменённым и на сервере, и на странице.',
  },
} satisfies Record<string, Criterion>;
