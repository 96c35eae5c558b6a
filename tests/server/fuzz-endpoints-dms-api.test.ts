import { fuzzEndpointGroup } from '../support/fuzz-endpoints';

/** Issue 7 §1 and ADR 038: the fuzz of the DMS API with the workshop's key, the workshop's API keys, both sides' webhooks (tests/support/fuzz-endpoints.ts). */
fuzzEndpointGroup('dms-api');
