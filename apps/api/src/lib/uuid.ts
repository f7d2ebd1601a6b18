const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether an id from a path or a body can be a row's id: anything else is answered as "not found"
 * before it reaches PostgreSQL, which would refuse it as a uuid with an error of its own.
 */
export const isUuid = (value: string): boolean => UUID.test(value);
