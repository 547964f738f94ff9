// The one classic script every page carries, inlined in <head> so the theme is set before first
// paint. Everything else here waits for the DOM. Keep it tiny: static pages ship nothing else.
(function () {
  var root = document.documentElement;
  var media = matchMedia('(prefers-color-scheme: dark)');
  function stored() {
    try {
      return localStorage.getItem('theme');
    } catch {
      return null;
    }
  }
  function preference() {
    var s = stored();
    return s === 'light' || s === 'dark' || s === 'system' ? s : root.getAttribute('data-default-theme') || 'system';
  }
  function apply(pref) {
    var dark = pref === 'dark' || (pref === 'system' && media.matches);
    root.classList.toggle('dark', dark);
    root.style.colorScheme = dark ? 'dark' : 'light';
    root.setAttribute('data-theme', pref);
  }
  apply(preference());
  var relabel = function () {};
  media.addEventListener('change', function () {
    if (preference() === 'system') apply('system');
    relabel();
  });
  // The button cycles through the three themes so that every press changes what is seen where it can:
  // from System to the look the system is not showing, then the other one, then back to System.
  function next(p) {
    var systemLook = media.matches ? 'dark' : 'light';
    var other = systemLook === 'dark' ? 'light' : 'dark';
    if (p === 'system') return other;
    return p === other ? systemLook : 'system';
  }

  document.addEventListener('DOMContentLoaded', function () {
    var names = { system: 'System', light: 'Light', dark: 'Dark' };
    var toggles = document.querySelectorAll('[data-theme-toggle]');
    function label() {
      var p = preference();
      toggles.forEach(function (b) {
        b.setAttribute('aria-label', 'Theme: ' + names[p] + '. Switch to ' + names[next(p)]);
        b.setAttribute('data-current', p);
      });
    }
    relabel = label;
    label();
    toggles.forEach(function (b) {
      b.addEventListener('click', function () {
        var p = next(preference());
        try {
          localStorage.setItem('theme', p);
        } catch {}
        root.classList.add('theme-transition');
        apply(p);
        label();
        setTimeout(function () {
          root.classList.remove('theme-transition');
        }, 700);
      });
    });

    if (/(?:^|;\s*)userInfo=/.test(document.cookie)) {
      document.querySelectorAll('[data-signed-in]').forEach(function (el) {
        el.hidden = false;
      });
    }

    var header = document.querySelector('[data-site-header]');
    // The phone's menu is a <details> and opens without script; here it also closes by Escape (focus back
    // on its button) and by a press anywhere outside it.
    var menu = document.querySelector('[data-menu]');
    if (menu) {
      document.addEventListener('keydown', function (e) {
        if (e.key === 'Escape' && menu.open) {
          menu.open = false;
          menu.querySelector('summary').focus();
        }
      });
      document.addEventListener('click', function (e) {
        if (menu.open && !menu.contains(e.target)) menu.open = false;
      });
    }

    // The site search: the dialog is in the page; its behaviour and the index load on first opening.
    var search = document.getElementById('site-search');
    var searchLoad = null;
    function openSearch() {
      if (!search || search.open) return;
      search.showModal();
      var input = search.querySelector('[data-search-input]');
      input.focus();
      input.select();
      if (!searchLoad) {
        searchLoad = import(search.getAttribute('data-search-module')).then(
          function (m) {
            m.start(search);
          },
          function () {
            searchLoad = null; // try again on the next opening
            search.querySelector('[data-search-status]').textContent =
              'Search could not be loaded. Check your connection and try again.';
          },
        );
      }
    }
    if (search) {
      document.querySelectorAll('[data-search-open]').forEach(function (b) {
        b.addEventListener('click', openSearch);
      });
      document.addEventListener('keydown', function (e) {
        if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
        var t = e.target;
        if (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)) return;
        e.preventDefault(); // or the "/" would be typed into the field
        openSearch();
      });
      // A click on the backdrop (the dialog element itself, outside its content) closes it.
      search.addEventListener('click', function (e) {
        if (e.target === search) search.close();
      });
    }

    var top = document.querySelector('[data-scroll-top]');
    if (top) {
      top.addEventListener('click', function () {
        scrollTo({ top: 0, behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
      });
    }
    // An article's reading progress (src/components/blog/ReadingProgress.astro): its value for assistive
    // technology, and the bar itself where CSS cannot follow the scroll.
    var progress = document.querySelector('[data-reading-progress]');
    function readingProgress() {
      var scrollable = document.documentElement.scrollHeight - innerHeight;
      var share = scrollable > 0 ? Math.min(1, Math.max(0, scrollY / scrollable)) : 1;
      progress.setAttribute('aria-valuenow', String(Math.round(share * 100)));
      progress.style.setProperty('--reading-progress', String(share));
    }
    if (progress) addEventListener('resize', readingProgress, { passive: true });
    var lastY = scrollY;
    function onScroll() {
      var y = scrollY;
      if (progress) readingProgress();
      if (header) {
        var open = menu && menu.open;
        var hide = y > lastY && y > header.offsetHeight && !open && !header.contains(document.activeElement);
        header.toggleAttribute('data-hidden', hide);
      }
      if (top) {
        top.hidden = y <= 300;
        placeTopSoon();
      }
      lastY = y;
    }
    // Someone filling in a form must see every field, label and consent line; someone reading, every word
    // and picture: while any lies under the button (a phone's narrow column, most of all), the button
    // steps aside (unseen and out of the tab order), and comes back over empty space (a margin, the gap
    // between cards, the room left at the page's foot).
    // Placed once a frame at most: a scroll sends many events between two frames.
    var placing = false;
    function placeTopSoon() {
      if (placing) return;
      placing = true;
      requestAnimationFrame(function () {
        placing = false;
        if (top.hidden) return top.removeAttribute('data-over-content');
        top.toggleAttribute('data-over-content', coversContent(top.getBoundingClientRect()));
      });
    }
    // What lies under the button: every element at points across it (five rows, three columns, closer
    // together than a line of small text; a card's link may lie over its picture and words), and whether
    // one draws a picture, a control or words inside the button's square.
    function coversContent(b) {
      var seen = [];
      for (var row = 0; row < 5; row++) {
        for (var col = 0; col < 3; col++) {
          var stack = document.elementsFromPoint(
            b.left + 2 + (col * (b.width - 4)) / 2,
            b.top + 2 + (row * (b.height - 4)) / 4,
          );
          for (var i = 0; i < stack.length; i++) {
            var el = stack[i];
            if (el === top || top.contains(el) || seen.indexOf(el) !== -1) continue;
            seen.push(el);
            if (drawsContent(el, b)) return true;
          }
        }
      }
      return false;
    }
    // A picture or control by its box; a label too (its whole line belongs to its field); else the words.
    function drawsContent(el, b) {
      if (/^(img|svg|video|canvas|iframe|input|select|textarea|button|label)$/i.test(el.tagName)) return true;
      var range = document.createRange();
      for (var node = el.firstChild; node; node = node.nextSibling) {
        if (node.nodeType !== 3 || !node.textContent.trim()) continue;
        range.selectNodeContents(node);
        var rects = range.getClientRects();
        for (var i = 0; i < rects.length; i++) {
          var r = rects[i];
          if (r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top) return true;
        }
      }
      return false;
    }
    addEventListener('scroll', onScroll, { passive: true });
    if (top) {
      // A form can also come under it without a scroll: the layout changes, a form appears, the
      // on-screen keyboard shrinks the view.
      addEventListener('resize', placeTopSoon, { passive: true });
      document.addEventListener('focusin', placeTopSoon);
      new ResizeObserver(placeTopSoon).observe(document.body);
    }
    onScroll();
  });
})();
