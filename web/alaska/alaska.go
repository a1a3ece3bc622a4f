// Package alaska is Alaska on the web: its result editor (the salmon
// each player caught), its play-along pages (the river as a ring of ten
// sections with salmon and anglers, the phases of a turn in order, what a
// cast catches or hooks), their view models and templ components, its
// German and its stylesheet. The engine is scoring/alaska; the registry
// (web/games) bundles the two.
package alaska

import (
	"embed"

	"tablemate/web/kit"
)

//go:embed css
var assets embed.FS

// Web is the game's web package, as the registry holds it.
func Web() kit.Web {
	return kit.Web{Editor: alaskaEditor(), Pages: alaskaPlay{}, German: kit.German(german, germanRules), Static: assets}
}
