package server

import (
	"tablemate/web/games"
	"tablemate/web/kit"
	"tablemate/web/serve"
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

// The helpers every area shares live in web/serve; the handlers still
// in web/server call them by the names they have always had.
var (
	formInt   = serve.FormInt
	mediaType = serve.MediaType
	redirect  = serve.Redirect
	// The link check, the phone's lists, paging (web/serve).
	linkError         = serve.LinkError
	linkFlashes       = serve.LinkFlashes
	dateTime          = serve.DateTime
	recentTables      = serve.RecentTables
	knownTables       = serve.KnownTables
	rememberTable     = serve.RememberTable
	replaceRemembered = serve.ReplaceRemembered
	knownLeagues      = serve.KnownLeagues
	validID           = serve.ValidID
	pageEnd           = serve.PageEnd
	pager             = serve.Pager
	scoreText         = serve.ScoreText
	// What a game is called (the registry).
	gameTitle = games.Title
	kindTitle = games.KindTitle
	// A game's result editor (the registry).
	editorFor = games.Editor
	// An API answer's Vary (compress.go adds Accept-Encoding to it).
	apiVary         = serve.APIVary
	apiVaryEncoding = serve.APIVaryEncoding
)

// csrfCookie is the cookie of the form token (web/serve: an import
// checks it before its file is read).
const csrfCookie = serve.CSRFCookie

// kit is what the server hands its areas (web/api, …): its rendering and
// its compression.
func (a *App) kit() serve.Kit {
	return serve.Kit{Tables: a.tables, Render: render, Blob: blobCompressed}
}
