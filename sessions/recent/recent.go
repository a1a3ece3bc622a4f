// Package recent keeps what was computed for the things viewed most
// recently (a league's stats, its members' profiles, its play files), by
// key (a league and its version): the newest max keys. sessions keeps
// leagues' stats in one; the web areas keep what they build the same way
// (web/serve.Cache).
package recent

import "sync"

// Cache keeps the newest max keys' values.
type Cache[V any] struct {
	mu    sync.Mutex
	byKey map[string]V
	keys  []string // oldest first
	max   int
}

// New keeps the newest max keys.
func New[V any](max int) *Cache[V] {
	return &Cache[V]{byKey: map[string]V{}, max: max}
}

// Get is what was kept under key.
func (c *Cache[V]) Get(key string) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	st, ok := c.byKey[key]
	return st, ok
}

// Put keeps st under key, forgetting the oldest key beyond max.
func (c *Cache[V]) Put(key string, st V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.byKey[key]; !ok {
		c.keys = append(c.keys, key)
	}
	c.byKey[key] = st
	for len(c.keys) > c.max {
		delete(c.byKey, c.keys[0])
		c.keys = c.keys[1:]
	}
}
