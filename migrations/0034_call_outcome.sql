-- Show-up: whether a booked call happened, as an owner marked it on the desk (src/store/bookings/bookings.ts
-- CallOutcome): JSON {"value":"attended"|"no_show","by":"owner@…","at":"ISO"}, NULL until marked. Kept with its
-- booking, erased with it. Only the desk's outcome form writes it: a booking tool's later event keeps it.
ALTER TABLE bookings ADD COLUMN outcome TEXT;
