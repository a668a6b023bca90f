// The bounds a JSON Schema node sets on a string's length, an array's items and a number, for the generator
// (values inside them) and the hostile values (one past them).
type Node = Record<string, unknown>;

export function lengthBounds(s: Node): { min: number; max: number } {
  return { min: (s.minLength as number | undefined) ?? 0, max: (s.maxLength as number | undefined) ?? Infinity };
}

export function itemBounds(s: Node): { min: number; max: number } {
  return { min: (s.minItems as number | undefined) ?? 0, max: (s.maxItems as number | undefined) ?? Infinity };
}

export function numberBounds(s: Node): { min: number; max: number; minExcluded: boolean; maxExcluded: boolean } {
  const exMin = typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum : undefined;
  const exMax = typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum : undefined;
  return {
    min: exMin ?? (s.minimum as number | undefined) ?? -Infinity,
    max: exMax ?? (s.maximum as number | undefined) ?? Infinity,
    minExcluded: exMin !== undefined,
    maxExcluded: exMax !== undefined,
  };
}
