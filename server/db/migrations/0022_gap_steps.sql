-- A register's step across a gap in its readings (more than four of its point's intervals and more
-- than six hours, server/readings/suspicious-steps.ts) is a suspicious step of its own kind: averaged
-- over the gap, a register catching up looks like normal use, so the rate check cannot see it.
-- Unlike the other kinds, an open gap books nothing (readings.delta 0) until someone decides.
-- Steps stored before this are left as they were booked; a write of the readings either side, or a
-- change of the point's interval, judges them again.
alter table register_steps drop constraint register_steps_kind_check;
alter table register_steps add constraint register_steps_kind_check check (kind in ('spike', 'drop', 'gap'));
