package server

import (
	"tablemate/views"
	"tablemate/web/kit"
)

// The helpers the handlers share with the games' pages live in web/kit;
// the handlers call them by the names they have always had.
var (
	page       = kit.Page
	form       = kit.Form
	newToken   = kit.NewToken
	csrfToken  = kit.CSRFToken
	editBase   = kit.EditBase
	tr         = kit.Tr
	trN        = kit.TrN
	formErrorf = kit.FormErrorf
	localInput = kit.LocalInput
	localStep  = kit.LocalStep
	lowerFirst = kit.LowerFirst
	pfield     = views.PField
	remapField = kit.RemapField
)
