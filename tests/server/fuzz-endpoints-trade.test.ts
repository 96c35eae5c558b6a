import { fuzzEndpointGroup } from '../support/fuzz-endpoints';

/** Issue 7 §1 and ADR 038: the fuzz of inquiries, quotes, orders, returns, openTRANS on the order page, upload layouts, insurers and claims, the punch-in redeem (tests/support/fuzz-endpoints.ts). */
fuzzEndpointGroup('trade');
