package hugepage

import (
	"testing"
)

func TestMake(t *testing.T) {
	for _, c := range []struct{ n, cap int }{{0, 0}, {3, 10}, {0, 1 << 20}, {5 << 20, 5 << 20}} {
		s := Make[uint32](c.n, c.cap)
		if len(s) != c.n || cap(s) != c.cap {
			t.Errorf("Make(%d, %d): len %d cap %d", c.n, c.cap, len(s), cap(s))
		}
		for i, v := range s {
			if v != 0 {
				t.Fatalf("Make(%d, %d)[%d] = %d, want 0", c.n, c.cap, i, v)
			}
		}
	}
	Advise([]byte(nil)) // nothing to advise: no panic
	Advise(make([]struct{}, 1<<30))
}

func TestGrow(t *testing.T) {
	s := append(make([]int, 0, 4), 1, 2, 3)
	if g := Grow(s, 4); &g[0] != &s[0] || len(g) != 3 {
		t.Errorf("Grow within capacity: a new array or length %d", len(g))
	}
	g := Grow(s, 100)
	if len(g) != 3 || cap(g) < 100 || g[0] != 1 || g[1] != 2 || g[2] != 3 {
		t.Errorf("Grow(%v, 100) = %v, cap %d", s, g, cap(g))
	}
	if &g[0] == &s[0] {
		t.Error("Grow past capacity kept the old array")
	}
}
