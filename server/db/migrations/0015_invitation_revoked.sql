-- An invitation can be revoked, and is when an admin revokes it or sends the address a new one: its link
-- then says it is not valid any more. The row stays, so the hourly invitation limits still count it.
alter table invitations add column revoked_at timestamptz;
