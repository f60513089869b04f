/** The console's frame: its title and section tabs (each section's strings load with it). */
export const strings = {
  'admin.title': 'Shop console',
  'admin.sections': 'Console sections',
  'admin.orders': 'Orders',
  'admin.reviews': 'Reviews',
  'admin.abandoned': 'Abandoned checkouts',
  'admin.members': 'Members',
  // (one form whatever the count, in English and French)
  'admin.pending': '{count} waiting for approval',
  'admin.media': 'Media',
  'admin.settings': 'Settings',
  'admin.retry': 'Try again',
};
