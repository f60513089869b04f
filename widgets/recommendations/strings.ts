export const strings = {
  en: {
    'recs.label': 'Recommended products',
    'recs.prev': 'Previous products',
    'recs.next': 'Next products',
    'recs.slide': '{n} of {total}',
    'recs.options': 'Choose options',
    'recs.optionsFor': 'Choose options for {name}',
    'recs.was': 'was {price}',
  },
  fr: {
    'recs.label': 'Produits recommandés',
    'recs.prev': 'Produits précédents',
    'recs.next': 'Produits suivants',
    'recs.slide': '{n} sur {total}',
    'recs.options': 'Choisir les options',
    'recs.optionsFor': 'Choisir les options de {name}',
    'recs.was': 'au lieu de {price}',
  },
};
