package i18n

import "maps"

// shared is the catalog of this package's own files (de*.go), taken
// before any game registers its part (the registry does so in its init,
// which runs after this package is initialised).
var shared = maps.Clone(de)

// SharedKeys lists the keys of the shared catalog, without the games'
// parts.
func SharedKeys() []string {
	out := make([]string, 0, len(shared))
	for k := range shared {
		out = append(out, k)
	}
	return out
}
