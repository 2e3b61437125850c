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
