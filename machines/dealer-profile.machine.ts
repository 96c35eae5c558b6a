import * as v from 'valibot';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { DELIVERY_AREA_OPTIONS, recordOf } from '../common/contracts/dealer';
import {
  DEALER_PROFILE_FORM_FIELDS,
  type DealerProfile,
  type DealerProfileChanges,
  type DealerProfileDraft,
  type DealerProfileFormField,
  type DealerProfileUpdate,
  dealerProfileChangesSchema,
  dealerProfileSchema,
  LOGO_CONTENT_TYPES,
  LOGO_MAX_BYTES,
} from '../common/contracts/dealer-organisation';
import { fieldErrors } from '../common/contracts/fields';
import type { MessageId } from '../common/contracts/message-ids';
import { loadWithRetry } from './blocks/load-with-retry';
import { failureNotice, toRequestFailure } from './request-failure';

const load = loadWithRetry({ retry: 'profile.retry' });

export type ProfileValues = Record<DealerProfileFormField, string>;
/** Where a message shows: a form input, or the brand list as a whole. */
export type ProfileErrorTarget = DealerProfileFormField | 'brands';

const PRESET_DELIVERY_AREAS: readonly string[] = DELIVERY_AREA_OPTIONS.filter((option) => option !== 'other');

/** The form's inputs for a stored profile: a delivery area not in the list is "other" with its text. */
export function profileValuesOf(profile: DealerProfile): ProfileValues {
  const preset = PRESET_DELIVERY_AREAS.includes(profile.delivery_area);
  return {
    contact_email: profile.contact_email,
    contact_number: profile.contact_number,
    street: profile.street,
    postcode: profile.postcode,
    city: profile.city,
    country: profile.country,
    website: profile.website,
    delivery_area_dropdown: preset ? profile.delivery_area : profile.delivery_area ? 'other' : '',
    delivery_area_other: preset ? '' : profile.delivery_area,
    opening_hours: profile.opening_hours,
  };
}

/** What the form would save, before validation. */
export function profileChangesOf(values: ProfileValues, brands: string[]) {
  const { delivery_area_dropdown, delivery_area_other, ...rest } = values;
  return {
    ...rest,
    delivery_area: delivery_area_dropdown === 'other' ? delivery_area_other : delivery_area_dropdown,
    brands_served: brands,
  };
}

function errorsOf(values: ProfileValues, brands: string[]): Partial<Record<ProfileErrorTarget, MessageId>> {
  const result = v.safeParse(dealerProfileChangesSchema, profileChangesOf(values, brands));
  if (result.success) return {};
  const { delivery_area, brands_served, ...errors } = fieldErrors<string>(result.issues) as Partial<
    Record<string, MessageId>
  >;
  return {
    ...(errors as Partial<Record<DealerProfileFormField, MessageId>>),
    ...(delivery_area
      ? {
          [values.delivery_area_dropdown === 'other' ? 'delivery_area_other' : 'delivery_area_dropdown']: delivery_area,
        }
      : {}),
    ...(brands_served ? { brands: brands_served } : {}),
  };
}

/** A server refusal that carries the current profile: a colleague saved first (409). */
function conflictingProfile(error: unknown): DealerProfile | null {
  const failure = toRequestFailure(error);
  if (failure.messageId !== 'profileChanged') return null;
  const data = typeof error === 'object' && error !== null ? (error as { data?: unknown }).data : null;
  const parsed = v.safeParse(dealerProfileSchema, data);
  return parsed.success ? parsed.output : null;
}

/** What the browser says about a chosen file; the server decides by its bytes. */
export type LogoFile = Blob;

type Context = {
  profile: DealerProfile | null;
  values: ProfileValues;
  brands: string[];
  customBrand: string;
  /** The `updated_at` the edits are based on; the save sends it back. */
  baseVersion: string;
  errors: Partial<Record<ProfileErrorTarget, MessageId>>;
  loadError: string | null;
  /** The colleague's version after a 409, until the person decides. */
  conflict: DealerProfile | null;
  draft: DealerProfileDraft | null;
  logoFile: LogoFile | null;
  logoError: MessageId | null;
  /** Counts uploads, so the shown logo's address changes with each one. */
  logoVersion: number;
};

const emptyValues: ProfileValues = recordOf(DEALER_PROFILE_FORM_FIELDS, () => '');

type Events =
  | { type: 'profile.retry' }
  | { type: 'field.change'; field: DealerProfileFormField; value: string }
  | { type: 'brand.toggle'; brand: string }
  | { type: 'customBrand.change'; value: string }
  | { type: 'customBrand.add' }
  | { type: 'profile.save' }
  | { type: 'profile.discard' }
  | { type: 'conflict.takeTheirs' }
  | { type: 'conflict.keepMine' }
  | { type: 'logo.select'; file: LogoFile }
  | { type: 'logo.cancel' }
  | { type: 'logo.upload' }
  | { type: 'logo.remove' };

const draftOf = (context: Pick<Context, 'profile' | 'values' | 'brands' | 'baseVersion'>): DealerProfileDraft => ({
  organisation_id: context.profile?.organisation_id ?? 0,
  values: context.values,
  brands: context.brands,
  base_version: context.baseVersion,
});

/**
 * The dealer's company profile (issue 12): loading → editing → saving, a 409 → conflict (take the
 * colleague's version, or keep one's own on top of it), a failed load → failed with "Try again".
 * Unsaved edits go to a draft that survives a reload. The logo is its own region: choose (checked
 * for type and size here as a hint; the server decides by the bytes), preview, upload, remove.
 */
export const dealerProfileMachine = setup({
  types: {
    context: {} as Context,
    events: {} as Events,
    input: {} as { draft: DealerProfileDraft | null },
  },
  guards: {
    isValid: ({ context }) => Object.keys(errorsOf(context.values, context.brands)).length === 0,
    isConflict: ({ event }) => conflictingProfile((event as { error?: unknown }).error) !== null,
    logoAcceptable: ({ event }) => {
      assertEvent(event, 'logo.select');
      return (LOGO_CONTENT_TYPES as readonly string[]).includes(event.file.type) && event.file.size <= LOGO_MAX_BYTES;
    },
    hasLogo: ({ context }) => Boolean(context.profile?.logo_url),
  },
  actors: {
    loadProfile: fromPromise<DealerProfile, void>(async () => {
      throw new Error('loadProfile actor not implemented: provide it with dealerProfileMachine.provide()');
    }),
    saveProfile: fromPromise<{ profile: DealerProfile; message: string | undefined }, DealerProfileUpdate>(async () => {
      throw new Error('saveProfile actor not implemented: provide it with dealerProfileMachine.provide()');
    }),
    uploadLogo: fromPromise<{ logoUrl: string | null; message: string | undefined }, LogoFile>(async () => {
      throw new Error('uploadLogo actor not implemented: provide it with dealerProfileMachine.provide()');
    }),
    removeLogo: fromPromise<{ message: string | undefined }, void>(async () => {
      throw new Error('removeLogo actor not implemented: provide it with dealerProfileMachine.provide()');
    }),
  },
  actions: {
    saveDraft: (_, _draft: DealerProfileDraft) => {},
    clearDraft: () => {},
    notifySuccess: (_, _params: { message: string | undefined }) => {},
    notifyFailure: (_, _params: { message: string }) => {},
    showErrors: assign(({ context }) => ({ errors: errorsOf(context.values, context.brands) })),
    /** The stored profile, or the unsaved draft on top of it when there is one. */
    takeLoaded: assign(({ context }, profile: DealerProfile) =>
      context.draft?.organisation_id === profile.organisation_id
        ? {
            profile,
            values: { ...emptyValues, ...context.draft.values },
            brands: context.draft.brands,
            baseVersion: context.draft.base_version,
            draft: null,
            loadError: null,
          }
        : {
            profile,
            values: profileValuesOf(profile),
            brands: profile.brands_served,
            baseVersion: profile.updated_at,
            draft: null,
            loadError: null,
          },
    ),
    takeSaved: assign((_, profile: DealerProfile) => ({
      profile,
      values: profileValuesOf(profile),
      brands: profile.brands_served,
      baseVersion: profile.updated_at,
      errors: {},
      conflict: null,
    })),
  },
}).createMachine({
  id: 'dealerProfile',
  context: ({ input }) => ({
    profile: null,
    values: emptyValues,
    brands: [],
    customBrand: '',
    baseVersion: '',
    errors: {},
    loadError: null,
    conflict: null,
    draft: input.draft,
    logoFile: null,
    logoError: null,
    logoVersion: 0,
  }),
  initial: 'loading',
  states: {
    loading: {
      ...load.loading,
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        onDone: { target: 'ready', actions: { type: 'takeLoaded', params: ({ event }) => event.output } },
        onError: load.failure,
      },
    },
    failed: load.failed,
    ready: {
      type: 'parallel',
      states: {
        form: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'field.change': {
                  actions: [
                    assign(({ context, event }) => {
                      const { [event.field]: _cleared, ...errors } = context.errors;
                      return { values: { ...context.values, [event.field]: event.value }, errors };
                    }),
                    { type: 'saveDraft', params: ({ context }) => draftOf(context) },
                  ],
                },
                'brand.toggle': {
                  actions: [
                    assign(({ context, event }) => {
                      const { brands: _cleared, ...errors } = context.errors;
                      return {
                        brands: context.brands.includes(event.brand)
                          ? context.brands.filter((brand) => brand !== event.brand)
                          : [...context.brands, event.brand],
                        errors,
                      };
                    }),
                    { type: 'saveDraft', params: ({ context }) => draftOf(context) },
                  ],
                },
                'customBrand.change': { actions: assign({ customBrand: ({ event }) => event.value }) },
                'customBrand.add': {
                  guard: ({ context }) => context.customBrand.trim() !== '',
                  actions: [
                    assign(({ context }) => {
                      const brand = context.customBrand.trim();
                      const { brands: _cleared, ...errors } = context.errors;
                      return {
                        brands: context.brands.includes(brand) ? context.brands : [...context.brands, brand],
                        customBrand: '',
                        errors,
                      };
                    }),
                    { type: 'saveDraft', params: ({ context }) => draftOf(context) },
                  ],
                },
                'profile.save': [{ guard: 'isValid', target: 'saving' }, { actions: 'showErrors' }],
                'profile.discard': {
                  actions: [
                    assign(({ context }) =>
                      context.profile
                        ? {
                            values: profileValuesOf(context.profile),
                            brands: context.profile.brands_served,
                            baseVersion: context.profile.updated_at,
                            errors: {},
                          }
                        : {},
                    ),
                    'clearDraft',
                  ],
                },
              },
            },
            saving: {
              tags: ['busy', 'saving'],
              invoke: {
                id: 'saveProfile',
                src: 'saveProfile',
                input: ({ context }) => ({
                  ...(v.parse(
                    dealerProfileChangesSchema,
                    profileChangesOf(context.values, context.brands),
                  ) as DealerProfileChanges),
                  updated_at: context.baseVersion,
                }),
                onDone: {
                  target: 'editing',
                  actions: [
                    { type: 'takeSaved', params: ({ event }) => event.output.profile },
                    'clearDraft',
                    { type: 'notifySuccess', params: ({ event }) => ({ message: event.output.message }) },
                  ],
                },
                onError: [
                  {
                    guard: 'isConflict',
                    target: 'conflict',
                    actions: assign({ conflict: ({ event }) => conflictingProfile(event.error) }),
                  },
                  {
                    target: 'editing',
                    actions: [
                      assign(({ context, event }) => {
                        const failure = toRequestFailure(event.error);
                        const field = failure.field === 'brands_served' ? 'brands' : failure.field;
                        return field && failure.messageId && (field in context.values || field === 'brands')
                          ? { errors: { ...context.errors, [field]: failure.messageId } }
                          : {};
                      }),
                      { type: 'notifyFailure', params: failureNotice },
                    ],
                  },
                ],
              },
            },
            conflict: {
              tags: ['conflict'],
              on: {
                'conflict.takeTheirs': {
                  target: 'editing',
                  actions: [
                    assign(({ context }) => {
                      const theirs = context.conflict as DealerProfile;
                      return {
                        profile: theirs,
                        values: profileValuesOf(theirs),
                        brands: theirs.brands_served,
                        baseVersion: theirs.updated_at,
                        errors: {},
                        conflict: null,
                      };
                    }),
                    'clearDraft',
                  ],
                },
                'conflict.keepMine': {
                  target: 'editing',
                  actions: [
                    assign(({ context }) => {
                      const theirs = context.conflict as DealerProfile;
                      return { profile: theirs, baseVersion: theirs.updated_at, conflict: null };
                    }),
                    { type: 'saveDraft', params: ({ context }) => draftOf(context) },
                  ],
                },
              },
            },
          },
        },
        logo: {
          initial: 'idle',
          on: {
            'logo.select': [
              {
                guard: 'logoAcceptable',
                target: '.chosen',
                actions: assign({ logoFile: ({ event }) => event.file, logoError: null }),
              },
              {
                target: '.idle',
                actions: assign(({ event }) => ({
                  logoFile: null,
                  logoError: (event.file.size > LOGO_MAX_BYTES ? 'logoTooLarge' : 'logoTypeInvalid') as MessageId,
                })),
              },
            ],
          },
          states: {
            idle: {
              on: { 'logo.remove': { guard: 'hasLogo', target: 'removing' } },
            },
            chosen: {
              on: {
                'logo.upload': 'uploading',
                'logo.cancel': { target: 'idle', actions: assign({ logoFile: null, logoError: null }) },
              },
            },
            uploading: {
              tags: ['logoBusy'],
              on: { 'logo.select': {} },
              invoke: {
                id: 'uploadLogo',
                src: 'uploadLogo',
                input: ({ context }) => context.logoFile as LogoFile,
                onDone: {
                  target: 'idle',
                  actions: [
                    assign(({ context, event }) => ({
                      logoFile: null,
                      logoError: null,
                      logoVersion: context.logoVersion + 1,
                      profile: context.profile ? { ...context.profile, logo_url: event.output.logoUrl } : null,
                    })),
                    { type: 'notifySuccess', params: ({ event }) => ({ message: event.output.message }) },
                  ],
                },
                onError: {
                  target: 'chosen',
                  actions: [
                    assign({ logoError: ({ event }) => toRequestFailure(event.error).messageId }),
                    { type: 'notifyFailure', params: failureNotice },
                  ],
                },
              },
            },
            removing: {
              tags: ['logoBusy'],
              on: { 'logo.select': {} },
              invoke: {
                id: 'removeLogo',
                src: 'removeLogo',
                onDone: {
                  target: 'idle',
                  actions: [
                    assign(({ context }) => ({
                      profile: context.profile ? { ...context.profile, logo_url: null } : null,
                    })),
                    { type: 'notifySuccess', params: ({ event }) => ({ message: event.output.message }) },
                  ],
                },
                onError: { target: 'idle', actions: { type: 'notifyFailure', params: failureNotice } },
              },
            },
          },
        },
      },
    },
  },
});
