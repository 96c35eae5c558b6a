import { fuzzEndpointGroup } from '../support/fuzz-endpoints';

/** Issue 7 §1 and ADR 038: the fuzz of signing in and out, signing up, password links, contact, workshop and dealer onboarding, the administrator's users and leads (tests/support/fuzz-endpoints.ts). */
fuzzEndpointGroup('accounts');
