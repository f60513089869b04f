/** The console's frame: its title and section tabs (each section's strings load with it). */
export const strings = {
  'admin.title': 'Shop console',
  'admin.sections': 'Console sections',
  'admin.orders': 'Orders',
  'admin.reviews': 'Reviews',
  'admin.abandoned': 'Abandoned checkouts',
  'admin.members': 'Members',
  'admin.pending_one': '{count} waiting for approval',
  'admin.pending_other': '{count} waiting for approval',
  'admin.retry': 'Try again',
};
