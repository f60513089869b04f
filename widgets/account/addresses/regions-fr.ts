/**
 * The French names of the address form's regions that differ from the English ones (`country.code name|…`); the form
 * loads this chunk only on a French page, so no other page carries them.
 */
export const names =
  'US.CA Californie|US.DC District de Columbia|US.FL Floride|US.GA Géorgie|US.HI Hawaï|US.LA Louisiane|' +
  'US.NC Caroline du Nord|US.ND Dakota du Nord|US.NM Nouveau-Mexique|US.PA Pennsylvanie|US.PR Porto Rico|' +
  'US.SC Caroline du Sud|US.SD Dakota du Sud|US.VA Virginie|US.WV Virginie-Occidentale|' +
  'CA.BC Colombie-Britannique|CA.NB Nouveau-Brunswick|CA.NL Terre-Neuve-et-Labrador|CA.NS Nouvelle-Écosse|' +
  'CA.NT Territoires du Nord-Ouest|CA.PE Île-du-Prince-Édouard|AU.ACT Territoire de la capitale australienne|' +
  'AU.NSW Nouvelle-Galles du Sud|AU.NT Territoire du Nord|AU.SA Australie-Méridionale|AU.TAS Tasmanie|' +
  'AU.WA Australie-Occidentale';
