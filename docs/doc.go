// Package docs is the project's contract, kept in the repository so that
// a clone holds everything its tests read: API.md (the score-check API),
// RULINGS.md (the rulings the engines enforce where the rule texts leave
// room), examples/score-cases.json (worked cases every engine must
// score as given) and the request formats we define ourselves
// (api-*.md). API.md, RULINGS.md and examples/ are copies of the
// project's shared documents (../shared beside the repository); a test
// fails when they differ.
package docs

import _ "embed"

// API is API.md, the score-check API's contract.
//
//go:embed API.md
var API string

// Glossary is glossary.md, the German words Tablemate uses and the ones
// it never does (views/i18n's glossary test reads the latter).
//
//go:embed glossary.md
var Glossary string

// ScoreCases is examples/score-cases.json, the worked cases.
//
//go:embed examples/score-cases.json
var ScoreCases []byte
