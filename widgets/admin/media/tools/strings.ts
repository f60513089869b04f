/** The media section's tools' strings (upload, import, new folder; they load with their chunk). */
export const toolStrings = {
  'md.upload': 'Upload images',
  'md.drop': 'Drop images here to upload them: PNG, JPEG, GIF or WebP, up to 5 MB each.',
  'md.uploading': 'Uploading {name}',
  'md.uploaded': '{name} uploaded',
  'md.badType': '{name} was not uploaded: only PNG, JPEG, GIF or WebP images.',
  'md.tooBig': '{name} was not uploaded: it is larger than 5 MB.',
  'md.emptyFile': '{name} was not uploaded: the file is empty.',
  'md.importUrl': 'Image address (https://…)',
  'md.importGo': 'Import',
  'md.newFolder': 'New folder',
  'md.folderName': 'Folder name',
  'md.create': 'Create',
};
