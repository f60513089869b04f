export const strings = {
  'rat.label_one': '{avg} out of 5, {count} review',
  'rat.label_other': '{avg} out of 5, {count} reviews',
  'rat.none': 'No reviews yet',
  'rat.go': '{label}: go to the reviews',
};
