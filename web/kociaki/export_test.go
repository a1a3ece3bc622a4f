package kociaki

// KocChips reads a pile's chips as typed (the editor's reader), for the
// external tests' expected scores.
var KocChips = kocChips
