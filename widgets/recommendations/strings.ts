export const strings = {
  'recs.label': 'Recommended products',
  'recs.prev': 'Previous products',
  'recs.next': 'Next products',
  'recs.slide': '{n} of {total}',
  'recs.options': 'Choose options',
  'recs.optionsFor': 'Choose options for {name}',
  'recs.was': 'was {price}',
};
