export const strings = {
  en: { 'rat.label_one': '{avg} out of 5, {count} review', 'rat.label_other': '{avg} out of 5, {count} reviews', 'rat.none': 'No reviews yet' },
  fr: { 'rat.label_one': '{avg} sur 5, {count} avis', 'rat.label_other': '{avg} sur 5, {count} avis', 'rat.none': 'Pas encore d’avis' },
};
