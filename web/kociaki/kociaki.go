// Package kociaki is Kociaki Łobuziaki on the web: its result editor (the
// chips each player took from each toy's pile, with what each pile can
// still give), its play-along pages (12 rounds of furniture tiles and
// toys crossed, "this phone is …"), their view models and templ
// components, its German, its stylesheet and script. The engine is
// scoring/kociaki; the registry (web/games) bundles the two.
package kociaki

import (
	"embed"

	"tablemate/web/kit"
)

//go:embed css js
var assets embed.FS

// Web is the game's web package, as the registry holds it.
func Web() kit.Web {
	return kit.Web{Editor: kocEditor(), Pages: kocPlay{}, German: kit.German(german, germanRules), Static: assets}
}
