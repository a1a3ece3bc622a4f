package server

import (
	"tablemate/web/kit"
)

// The helpers the handlers share with the games' pages live in web/kit;
// the handlers call them by the names they have always had.
var (
	page       = kit.Page
	form       = kit.Form
	csrfToken  = kit.CSRFToken
	editBase   = kit.EditBase
	tr         = kit.Tr
	trN        = kit.TrN
	localInput = kit.LocalInput
	localStep  = kit.LocalStep
	lowerFirst = kit.LowerFirst
	remapField = kit.RemapField
)
