/** Staff passwords are at least this long (docs/product/staff.md, "Access"), `ADMIN_PASSWORD` included. */
export const MIN_PASSWORD_LENGTH = 10;
