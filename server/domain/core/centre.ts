// The centre's own name on its documents (contracts, applications, receipts); the branch adds its name,
// address and phone.
export const CENTRE_NAME = 'Markaz';
