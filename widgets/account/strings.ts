/** The account's frame: its title and section tabs (each section's strings load with it). */
export const strings = {
  'account.title': 'My account',
  'account.sections': 'Account sections',
  'account.orders': 'Orders',
  'account.profile': 'Profile',
  'account.addresses': 'Addresses',
  'account.security': 'Security',
};
