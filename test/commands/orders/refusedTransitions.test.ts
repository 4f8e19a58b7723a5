import { expect } from 'chai';
import { order, type OrderCommand } from '../../../commands/orders/orderDecider.ts';
import { ORDER_TRANSITIONS } from '../../../commands/orders/order.ts';
import { InvalidTransitionException } from '../../../src/core/errors.ts';
import { OrderNotFoundException } from '../../../commands/orders/errors.ts';
import { given } from '../../support/decider.ts';
import { anOrder, at, HISTORIES, item, VENDOR } from './fixtures.ts';

/**
 * Every move SPEC.md part 3 does not list is refused with 409 naming the current state. This
 * spec walks the whole order table: each action from each status it does not allow.
 */
const commands: Record<string, OrderCommand> = {
  confirm_item: { type: 'ConfirmOrderItem', data: { vendor_id: VENDOR, item_id: 1, source: 'vendor', at } },
  decline_item: { type: 'DeclineOrderItem', data: { vendor_id: VENDOR, item_id: 1, source: 'vendor', at } },
  confirm: { type: 'ConfirmOrder', data: { vendor_id: VENDOR, source: 'vendor', at } },
  reject: { type: 'RejectOrder', data: { vendor_id: VENDOR, source: 'vendor', at } },
  ship_item: { type: 'ShipItem', data: { vendor_id: VENDOR, item_id: 1, quantity: 1, at } },
  set_tracking: { type: 'SetTracking', data: { vendor_id: VENDOR, tracking_number: 'TRK1', carrier: null, at } },
};

describe('refused order transitions (every move not in SPEC.md part 3)', () => {
  for (const [action, command] of Object.entries(commands)) {
    const allowed = ORDER_TRANSITIONS[action as keyof typeof ORDER_TRANSITIONS].from as readonly string[];
    for (const [status, history] of Object.entries(HISTORIES)) {
      if (allowed.includes(status)) continue;
      it(`${action} from ${status}: 409 naming '${status}'`, () => {
        const err = given(order, history)
          .when(command)
          .thenThrows(InvalidTransitionException, new RegExp(`from state '${status}'`));
        expect(err.status).to.equal(409);
        expect(err.extra.current_state).to.equal(status);
      });
    }
    it(`${action} on an order that does not exist: not found`, () => {
      given(order, []).when(command).thenThrows(OrderNotFoundException);
    });
  }

  it('import of a second, different order into a taken id is refused', () => {
    given(order, HISTORIES.unconfirmed)
      .when({ type: 'ImportOrder', data: { order: { ...anOrder([item(1)]), external_order_id: 'other' }, unmatched: [], at } })
      .thenThrows(InvalidTransitionException, /'unconfirmed'/);
  });

  it('lists every order status in the histories the specs start from', () => {
    expect(Object.keys(HISTORIES).sort()).to.deep.equal(['confirmed', 'declined', 'partially_shipped', 'shipped', 'unconfirmed']);
    for (const [status, history] of Object.entries(HISTORIES)) expect(given(order, history).state.status).to.equal(status);
  });
});

describe('tenant isolation in the order decider', () => {
  it('answers not found to every command of another vendor, whatever the state', () => {
    for (const command of Object.values(commands)) {
      const foreign = { ...command, data: { ...command.data, vendor_id: VENDOR + 1 } } as OrderCommand;
      for (const history of Object.values(HISTORIES)) given(order, history).when(foreign).thenThrows(OrderNotFoundException);
    }
  });
});
