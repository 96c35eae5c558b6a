import * as v from 'valibot';

/**
 * One JSON value in web storage, read back through its schema: whatever is missing, unreadable or
 * tampered into another shape reads as null, so a stale entry never reaches a machine.
 */
export function storedJson<TSchema extends v.GenericSchema>(storage: Storage, key: string, schema: TSchema) {
  return {
    read(): v.InferOutput<TSchema> | null {
      try {
        const parsed = v.safeParse(schema, JSON.parse(storage.getItem(key) ?? 'null'));
        return parsed.success ? parsed.output : null;
      } catch {
        return null;
      }
    },
    write(value: v.InferOutput<TSchema>) {
      storage.setItem(key, JSON.stringify(value));
    },
    clear() {
      storage.removeItem(key);
    },
  };
}
