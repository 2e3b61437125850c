package tierfile

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/gamesolve/gamesolve/budget"
	"golang.org/x/sys/unix"
)

// ErrOtherGame reports a tier directory that holds another game's tiers,
// or the same game's with other parameters or another kind of values.
var ErrOtherGame = errors.New("tierfile: the directory holds another game's tiers")

// ErrNoSpace reports a disk without room for the tiers still to write.
var ErrNoSpace = errors.New("tierfile: not enough disk space")

// Manifest says what a tier directory holds. It is written once, when
// the directory is first used, and every later use must match it.
type Manifest struct {
	// Format is the file format's version (1).
	Format int `json:"format"`
	// Game describes the game and every parameter that changes its values,
	// as each tier file's header does.
	Game  string `json:"game"`
	Kind  Kind   `json:"kind"`
	Width int    `json:"width"`
}

const manifestName = "manifest.json"

// Dir is a directory of tier files.
type Dir struct {
	path string
	m    Manifest
}

// OpenDir opens (creating it if need be) the tier directory at path for
// the game described by m. A directory already used for another game,
// other parameters, or another kind or width of values is refused with an
// error wrapping ErrOtherGame.
func OpenDir(path string, m Manifest) (*Dir, error) {
	m.Format = 1
	if err := os.MkdirAll(path, 0o755); err != nil {
		return nil, fmt.Errorf("tierfile: %w", err)
	}
	mp := filepath.Join(path, manifestName)
	have, err := ReadManifest(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		out, err := json.MarshalIndent(m, "", "  ")
		if err != nil {
			return nil, fmt.Errorf("tierfile: %w", err)
		}
		if err := WriteAtomic(mp, func(w io.Writer) error { _, err := w.Write(append(out, '\n')); return err }); err != nil {
			return nil, err
		}
	case err != nil:
		return nil, err
	default:
		if why := differ(have, m); why != "" {
			return nil, fmt.Errorf("%w: %s holds %s", ErrOtherGame, path, why)
		}
	}
	return &Dir{path: path, m: m}, nil
}

// ReadManifest reads the manifest of the tier directory dir. A directory
// without one gives an error for which errors.Is(err, fs.ErrNotExist)
// holds; one that does not parse, an error wrapping ErrOtherGame.
func ReadManifest(dir string) (Manifest, error) {
	var m Manifest
	mp := filepath.Join(dir, manifestName)
	data, err := os.ReadFile(mp)
	if err != nil {
		return m, fmt.Errorf("tierfile: %w", err)
	}
	if err := json.Unmarshal(data, &m); err != nil {
		return m, fmt.Errorf("%w: %s is not a tier manifest: %v", ErrOtherGame, mp, err)
	}
	return m, nil
}

// differ says how a directory's manifest differs from the one wanted, or
// "" if it does not.
func differ(have, want Manifest) string {
	switch {
	case have.Format != want.Format:
		return fmt.Sprintf("format %d, not %d", have.Format, want.Format)
	case have.Game != want.Game:
		return fmt.Sprintf("%q, not %q", have.Game, want.Game)
	case have.Kind != want.Kind:
		return fmt.Sprintf("%v values, not %v", have.Kind, want.Kind)
	case have.Width != want.Width:
		return fmt.Sprintf("%d values a state, not %d", have.Width, want.Width)
	}
	return ""
}

// Path is the file name of tier t.
func (d *Dir) Path(t int64) string { return PathOf(d.path, t) }

// Root is the directory's path.
func (d *Dir) Root() string { return d.path }

// PathOf is the file name of tier t in the tier directory dir.
func PathOf(dir string, t int64) string {
	return filepath.Join(dir, fmt.Sprintf("tier-%012d.gst", t))
}

// Manifest is what the directory holds.
func (d *Dir) Manifest() Manifest { return d.m }

// Clean removes the temporary files that an interrupted write (of a tier
// file, the manifest, or what a caller writes with WriteAtomic) leaves.
func (d *Dir) Clean() error {
	ents, err := os.ReadDir(d.path)
	if err != nil {
		return fmt.Errorf("tierfile: %w", err)
	}
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), ".tmp") && !e.IsDir() {
			if err := os.Remove(filepath.Join(d.path, e.Name())); err != nil {
				return fmt.Errorf("tierfile: %w", err)
			}
		}
	}
	return nil
}

// Done reports whether tier t's file is there, complete and intact, for
// this directory's game. A file that fails its checks is removed (it will
// be written again) and reported as not done, with the reason.
func (d *Dir) Done(t int64) (ok bool, why error, err error) {
	r, err := Open(d.Path(t))
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil, nil
	}
	if err == nil {
		err = r.Verify()
		if err == nil && (r.Game != d.m.Game || r.Kind != d.m.Kind || r.Width != d.m.Width || r.Tier != t) {
			err = fmt.Errorf("%w: %s is tier %d of %q (%v, %d values), not tier %d of %q", ErrCorrupt, r.Path(), r.Tier, r.Game, r.Kind, r.Width, t, d.m.Game)
		}
		r.Close()
	}
	if errors.Is(err, ErrCorrupt) {
		if rmErr := os.Remove(d.Path(t)); rmErr != nil {
			return false, err, fmt.Errorf("tierfile: %w", rmErr)
		}
		return false, err, nil
	}
	if err != nil {
		return false, nil, err
	}
	return true, nil, nil
}

// Write stores t as its tier's file, after checking that it belongs to
// this directory's game.
func (d *Dir) Write(t *Tier) error {
	if err := d.belongs(t); err != nil {
		return err
	}
	return Write(d.Path(t.Tier), t)
}

// WriteFrom is Write for a float tier whose values next gives, state by
// state (the package's WriteFrom).
func (d *Dir) WriteFrom(t *Tier, next func(vals []float64) error) error {
	if err := d.belongs(t); err != nil {
		return err
	}
	return WriteFrom(d.Path(t.Tier), t, next)
}

func (d *Dir) belongs(t *Tier) error {
	if t.Game != d.m.Game || t.Kind != d.m.Kind || t.Width != d.m.Width {
		return fmt.Errorf("tierfile: tier %d of %q (%v, %d values) written to a directory of %q (%v, %d values)", t.Tier, t.Game, t.Kind, t.Width, d.m.Game, d.m.Kind, d.m.Width)
	}
	return nil
}

// FreeSpace is the bytes an unprivileged user may still write on the file
// system holding path, or that would hold it: a path not made yet is
// looked up through its nearest existing parent, so that space can be
// checked before a directory is created.
func FreeSpace(path string) (uint64, error) {
	var st unix.Statfs_t
	at := path
	for {
		err := unix.Statfs(at, &st)
		if err == nil {
			break
		}
		up := filepath.Dir(at)
		if !errors.Is(err, unix.ENOENT) || up == at {
			return 0, fmt.Errorf("tierfile: %s: %w", path, err)
		}
		at = up
	}
	return st.Bavail * uint64(st.Bsize), nil
}

// CheckSpace refuses, with an error wrapping ErrNoSpace that gives both
// figures, when the file system holding path has fewer than need bytes
// free.
func CheckSpace(path string, need uint64) error {
	free, err := FreeSpace(path)
	if err != nil {
		return err
	}
	return HasSpace(path, need, free)
}

// HasSpace is CheckSpace's verdict on free bytes free.
func HasSpace(path string, need, free uint64) error {
	if free < need {
		return fmt.Errorf("%w: the tiers need about %s and %s has %s free", ErrNoSpace, budget.Bytes(float64(need)), path, budget.Bytes(float64(free)))
	}
	return nil
}

// FileBytes is the size of a tier file of n states of width values of the
// given kind (for exact values, with digits bytes a value on average),
// for the disk space wanted up front.
func FileBytes(game string, kind Kind, width, n int, digits float64) uint64 {
	body := float64(len(magic)+4+fixedHeader+len(game)) + 12*float64(n)
	vals := float64(n) * float64(width)
	if kind == Float {
		body += 8 * vals
	} else {
		body += 8*(vals+1) + digits*vals
	}
	blocks := body/blockSize + 1
	return uint64(body + 4*blocks + 8 + 4 + float64(len(endMagic)))
}
