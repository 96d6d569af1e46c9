// The words and limits of image boards and of comparing two images (docs/product-rules.md#image-boards), apart from
// the schemas like the other screen catalogues.

/** Ours: how long a board's name may be, and how many boards and images on one board a member may keep. */
export const IMAGE_BOARD_LIMITS = {
  nameMax: 60,
  boardsPerMember: 50,
  imagesPerBoard: 500,
} as const;

/** The server's refusals, in plain words (the 404 of another member's board or image is the kit's own text). */
export const IMAGE_BOARD_ERRORS = {
  nameRequired: 'Please enter a name for the board',
  nameTooLong: `A board's name can be at most ${IMAGE_BOARD_LIMITS.nameMax} characters`,
  nameTaken: 'You already have a board with this name. Please choose another name.',
  tooManyBoards: `You can keep up to ${IMAGE_BOARD_LIMITS.boardsPerMember} boards. Delete a board to make a new one.`,
  boardFull: `A board can hold up to ${IMAGE_BOARD_LIMITS.imagesPerBoard} images. Remove some or use another board.`,
  imageIdRequired: 'Please choose an image to add',
  loadBoards: 'Failed to load your boards',
  saveBoard: 'Failed to save the board',
  deleteBoard: 'Failed to delete the board',
  updateBoardImages: "Failed to change the image's boards",
  loadCompared: 'Failed to load the images to compare',
} as const;

/** The gallery's boards bar, an image's boards menu and the comparison dialog. */
export const IMAGE_BOARD_TEXTS = {
  boardsTitle: 'Boards',
  boardFilterLabel: 'Show board',
  allImages: 'All images',
  boardOption: (name: string, count: number) => `${name} (${count})`,
  newBoard: 'New board',
  renameBoard: 'Rename board',
  deleteBoard: 'Delete board',
  boardNameLabel: 'Board name',
  createBoardTitle: 'New board',
  renameBoardTitle: 'Rename board',
  create: 'Create',
  save: 'Save',
  deleteBoardTitle: 'Delete this board?',
  deleteBoardConfirm: (name: string) =>
    `The board "${name}" will be deleted. Its images stay in your gallery and on your other boards.`,
  boardCreated: 'Board created',
  boardDeleted: 'Board deleted',
  boardResultsTitle: 'Photo effect results on this board',
  boardEmpty: 'This board is empty. Add images to it with the board button on an image.',
  boardsOf: (prompt: string) => `Boards: ${prompt}`,
  boardsMenuTitle: 'On boards',
  noBoardsYet: 'No boards yet. Make one with New board.',
  addedTo: (name: string) => `Added to ${name}`,
  removedFrom: (name: string) => `Removed from ${name}`,
  // Compare.
  selectToCompare: (prompt: string) => `Select to compare: ${prompt}`,
  compare: 'Compare',
  compareHint: 'Select two images to compare them.',
  compareSelected: (count: number) => `${count} of 2 selected`,
  clearSelection: 'Clear selection',
  compareTitle: 'Compare two images',
  compareWithOriginal: 'Compare with original',
  compareOriginalTitle: 'Result and original',
  firstImage: 'First image',
  secondImage: 'Second image',
  original: 'Original',
  result: 'Result',
  compareSlider: 'Comparison of the two images',
  compareCaption: 'Move the divider with the arrow keys or by dragging to compare the two images',
} as const;
