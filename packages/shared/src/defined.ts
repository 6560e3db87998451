// For a value the code knows is there (a lookup of a key it has just stored, a field an earlier check required)
// where the type system cannot see it: the value itself, or a clear error naming what was missing instead of
// going on with undefined (which the `!` non-null assertion would do).

export function defined<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`${what} is missing`);
  return value;
}
