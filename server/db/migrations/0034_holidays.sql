-- An organisation's working calendar (issue 41): the days it does not work besides its weekend, such as public
-- holidays. Report schedules on working days (the first working day of the month, working days only) step over
-- them; holidaysUpdate replaces the list and works each scheduled report's next run out again.
create table holidays (
  organisation_id integer not null references organisations (id) on delete cascade,
  day date not null,
  name text not null,
  primary key (organisation_id, day)
);
