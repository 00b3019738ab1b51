import type { EventMetadata, NewEvent, RecordedEvent } from '@planwerk/events';
import type { PersonalDataCipher } from './personal-data-cipher.port';

/** Store option: which top-level `data` fields of an event type are personal. */
export interface PersonalDataOptions {
  cipher: PersonalDataCipher;
  personalFields(type: string): readonly string[];
  /** Fields encrypted under `metadata.authorPersonId` instead (see EventDefinition.authoredFields). */
  authoredFields?(type: string): readonly string[];
}

/** Metadata of an event read after its person's key was erased. */
export type ErasedEventMetadata = EventMetadata & { erased: true; erasedFields: string[] };

interface EncryptedField {
  $encrypted: string;
}

function isEncryptedField(value: unknown): value is EncryptedField {
  return typeof value === 'object' && value !== null && typeof (value as EncryptedField).$encrypted === 'string';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isPersonalDataErased(event: { metadata: EventMetadata }): boolean {
  return (event.metadata as Partial<ErasedEventMetadata>).erased === true;
}

interface FieldRef {
  index: number;
  field: string;
  personId: string;
}

function personalFieldRefs(events: readonly NewEvent[], options: PersonalDataOptions, encrypted: boolean): FieldRef[] {
  const refs: FieldRef[] = [];
  events.forEach((event, index) => {
    if (!isRecord(event.data)) return;
    const data = event.data;
    const collect = (personId: string | undefined, fields: readonly string[]) => {
      if (!personId) return;
      for (const field of fields) {
        const value = data[field];
        if (value === undefined) continue;
        if (encrypted ? isEncryptedField(value) : true) refs.push({ index, field, personId });
      }
    };
    collect(event.metadata.personId, options.personalFields(event.type));
    collect(event.metadata.authorPersonId, options.authoredFields?.(event.type) ?? []);
  });
  return refs;
}

/** Replaces each personal field of events with `metadata.personId` by its ciphertext. */
export async function encryptPersonalData<E extends NewEvent>(events: readonly E[], options: PersonalDataOptions): Promise<E[]> {
  const refs = personalFieldRefs(events, options, false);
  if (refs.length === 0) return [...events];
  const ciphertexts = await options.cipher.encryptMany(
    refs.map((ref) => ({
      personId: ref.personId,
      plaintext: JSON.stringify((events[ref.index].data as Record<string, unknown>)[ref.field]),
    })),
  );
  const touched = new Set(refs.map((ref) => ref.index));
  const copies = events.map((event, index) => (touched.has(index) ? { ...event, data: { ...(event.data as object) } } : event));
  refs.forEach((ref, i) => {
    (copies[ref.index].data as Record<string, unknown>)[ref.field] = { $encrypted: ciphertexts[i] } satisfies EncryptedField;
  });
  return copies;
}

/** Decrypts personal fields; where the key was erased the field becomes null and the metadata says so. */
export async function decryptPersonalData(
  events: readonly RecordedEvent[],
  options: PersonalDataOptions,
): Promise<RecordedEvent[]> {
  const refs = personalFieldRefs(events, options, true);
  if (refs.length === 0) return [...events];
  const plaintexts = await options.cipher.decryptMany(
    refs.map((ref) => ({
      personId: ref.personId,
      ciphertext: ((events[ref.index].data as Record<string, unknown>)[ref.field] as EncryptedField).$encrypted,
    })),
  );
  const touched = new Set(refs.map((ref) => ref.index));
  const copies = events.map((event, index) => (touched.has(index) ? { ...event, data: { ...(event.data as object) } } : event));
  refs.forEach((ref, i) => {
    const copy = copies[ref.index] as RecordedEvent<string, Record<string, unknown>>;
    const plaintext = plaintexts[i];
    copy.data[ref.field] = plaintext === null ? null : JSON.parse(plaintext);
    if (plaintext === null) {
      const erasedFields = isPersonalDataErased(copy) ? (copy.metadata as ErasedEventMetadata).erasedFields : [];
      const metadata: ErasedEventMetadata = { ...copy.metadata, erased: true, erasedFields: [...erasedFields, ref.field] };
      copy.metadata = metadata;
    }
  });
  return copies;
}
