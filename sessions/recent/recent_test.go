package recent

import "testing"

// The cache keeps the newest max keys and forgets the oldest; putting a
// kept key again keeps its place.
func TestCacheKeepsTheNewest(t *testing.T) {
	c := New[int](2)
	c.Put("a", 1)
	c.Put("b", 2)
	c.Put("a", 3)
	if v, ok := c.Get("a"); !ok || v != 3 {
		t.Errorf("a = %d, %v; want 3", v, ok)
	}
	c.Put("c", 4)
	if _, ok := c.Get("a"); ok {
		t.Error("a, the oldest key, is still kept")
	}
	for k, want := range map[string]int{"b": 2, "c": 4} {
		if v, ok := c.Get(k); !ok || v != want {
			t.Errorf("%s = %d, %v; want %d", k, v, ok, want)
		}
	}
}
