package serve

import "tablemate/sessions/recent"

// Cache keeps what was computed for the things viewed most recently (a
// league's play files, its cards), by key (a league and its version):
// the newest max keys. It is sessions/recent's, which keeps leagues'
// stats in the store's side.
type Cache[V any] = recent.Cache[V]

// NewCache keeps the newest max keys.
func NewCache[V any](max int) *Cache[V] { return recent.New[V](max) }
