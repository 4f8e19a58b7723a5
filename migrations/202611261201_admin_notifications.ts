import type { Knex } from 'knex';

/**
 * Admin notifications (projections/notifications/adminNotifications.ts): the notifications, and
 * each admin's read state as a mark (everything up to a feed position is read) plus the ones read
 * one by one. The feed position (a, b) orders the list and places the mark; numeric holds both
 * halves of either store's positions.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`CREATE TABLE admin_notifications (
    id          uuid PRIMARY KEY,
    key         text NOT NULL,
    kind        text NOT NULL,
    severity    text NOT NULL,
    title       text NOT NULL,
    body        text NOT NULL,
    link        text,
    vendor_id   integer,
    data        jsonb NOT NULL,
    position_a  numeric NOT NULL,
    position_b  numeric NOT NULL,
    created_at  timestamptz NOT NULL
  )`);
  await knex.raw('CREATE UNIQUE INDEX admin_notifications_key ON admin_notifications (key)');
  await knex.raw('CREATE INDEX admin_notifications_position ON admin_notifications (position_a DESC, position_b DESC)');
  await knex.raw('CREATE INDEX admin_notifications_kind ON admin_notifications (kind, severity)');
  await knex.raw(`CREATE TABLE admin_notification_reads (
    notification_id uuid NOT NULL,
    admin_id        integer NOT NULL,
    read_at         timestamptz NOT NULL,
    PRIMARY KEY (admin_id, notification_id)
  )`);
  await knex.raw(`CREATE TABLE admin_notification_read_marks (
    admin_id    integer PRIMARY KEY,
    up_to_a     numeric NOT NULL,
    up_to_b     numeric NOT NULL,
    read_at     timestamptz NOT NULL
  )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE admin_notification_read_marks');
  await knex.raw('DROP TABLE admin_notification_reads');
  await knex.raw('DROP TABLE admin_notifications');
}
