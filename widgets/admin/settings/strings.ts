/** The settings list (loads with the Settings tab); each section's own words load with it. */
export const settingsStrings = {
  'admin.set.title': 'Settings',
  'admin.set.list': 'Store settings',
  'admin.set.back': 'All settings',
  'admin.set.discounts': 'Discounts',
  'admin.set.discounts.about': 'Automatic discounts: what they take off, on which items, when',
  'admin.set.shipping': 'Shipping and delivery',
  'admin.set.shipping.about': 'Where you ship, the rates shoppers see, shipping labels',
  'admin.set.taxes': 'Taxes',
  'admin.set.taxes.about': 'Tax regions and rates, tax groups for your products',
  'admin.set.tips': 'Tips',
  'admin.set.tips.about': 'Let shoppers add a tip at checkout',
  'admin.set.checkout': 'Checkout',
  'admin.set.checkout.about': 'Your logo, policies and the checkboxes shoppers see at checkout',
  'admin.set.back-in-stock': 'Back in stock',
  'admin.set.back-in-stock.about': 'Requests from shoppers waiting for an item, and telling them it is back',
};
