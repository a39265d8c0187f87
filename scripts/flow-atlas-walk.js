/* global document, window */
// The static atlas's script, second part (after flow-atlas-page.js, which leaves `window.flowAtlas`):
// the scenario walk-through. Each step shows what happened, each branch of the event with its guard
// evaluated on that step, where the customer is (marked on the chart) and the flow's context.
(function () {
  'use strict';
  var data = window.flowAtlas.data;
  var charts = window.flowAtlas.charts;
  var h = window.flowAtlas.h;
  var NO_SHOT = 'No screenshot yet: run npm run test:flows';

  function shotsOf(state) {
    var files = state.shots || {};
    var widths = ['1280', '375'].filter(function (wd) {
      return files[wd];
    });
    if (!widths.length) return h('p', { class: 'noshot', text: state.brief || NO_SHOT });
    return h(
      'div',
      { class: 'shots' },
      widths.map(function (wd) {
        var alt = state.label + ' at ' + wd + ' pixels wide';
        var img = h('img', { src: files[wd], alt: alt, loading: 'lazy' });
        return h('figure', { class: 'shot' }, [
          h('a', { href: files[wd], class: 'shot-link', 'data-caption': alt }, [img]),
          h('figcaption', { text: wd + ' px' }),
        ]);
      }),
    );
  }

  function checksList(d, checks) {
    return h(
      'ol',
      { class: 'checks' },
      checks.map(function (c) {
        var t = d.transitions[c[0]] || { from: '?', to: '?', guard: null, description: '', codes: [] };
        var holds = c[1] === 1 ? '✔ holds' : c[1] === 0 ? '✖ does not hold' : 'could not be checked on this step';
        var verdict = c[3] ? 'not looked at: an earlier branch was taken' : holds + (c[2] ? ' → taken' : '');
        var rule = t.guard ? 'rule: ' + t.guard : 'no rule: taken when no branch before it applies';
        var codes = t.codes.length ? ' · routes refusals ' + t.codes.join(', ') : '';
        return h('li', { class: c[2] ? 'taken' : c[3] ? 'skipped' : '' }, [
          h('strong', { text: t.from + ' → ' + t.to }),
          h('br'),
          rule + codes + ' · ',
          h('strong', { text: verdict }),
          h('br'),
          h('span', { class: 'small', text: t.description }),
        ]);
      }),
    );
  }

  function contextChanges(before, after) {
    if (!before) return null;
    var keys = {};
    Object.keys(before)
      .concat(Object.keys(after))
      .forEach(function (k) {
        if (JSON.stringify(before[k]) !== JSON.stringify(after[k])) keys[k] = true;
      });
    return Object.keys(keys);
  }

  function renderStep(d, sc, i, el) {
    var step = sc.steps[i];
    var states = step[3].map(function (k) {
      return d.states[k];
    });
    var inner = states.filter(function (st) {
      return (
        st &&
        !states.some(function (o) {
          return o && o.id.indexOf(st.id + '.') === 0;
        })
      );
    });
    var first = d.transitions[step[7][0]];
    var label = i === 0 ? (first ? first.description : d.description) : first ? first.description : '';
    var nodes = [
      h('h4', { text: i === 0 ? 'How it starts' : 'What happens' }),
      h('p', {}, [h('span', { class: 'event', text: step[1] }), ' ', step[0] === step[1] ? null : h('code', { class: 'tech', text: step[0] })]),
      h('p', { text: label }),
    ];
    if (step[2] !== null) {
      var msg = d.messages[step[2]];
      nodes.push(h('p', { class: 'refusal', text: 'Refused ' + step[2] + (msg ? ': the customer reads “' + msg + '”' : '') }));
    }
    if (step[5].length) {
      nodes.push(
        h('h4', { text: 'Which way the flow goes' }),
        h('p', { class: 'small', text: 'The branches of this event, in the order the flow checks them; it takes the first whose rule holds.' }),
        checksList(d, step[5]),
      );
    }
    step[6].forEach(function (list) {
      nodes.push(h('h4', { text: i === 0 ? 'Where the flow starts' : 'Then at once, with no event' }), checksList(d, list));
    });
    var final = inner.some(function (st) {
      return st.final;
    });
    var where = h('p', {}, [h('strong', { text: inner.map((st) => st.label).join(' + ') }), final ? ' (an end of the flow)' : '', ' ']);
    where.appendChild(h('button', { type: 'button', class: 'btn small-btn show-on-chart', text: 'Show on the chart' }));
    nodes.push(h('h4', { text: 'Where the customer is now' }), where);
    inner.forEach(function (st) {
      nodes.push(h('p', { text: st.description }), shotsOf(st));
      // A state that hands over to another flow: its scenarios go on there, step by step.
      if (st.child)
        nodes.push(
          h('p', { class: 'note' }, [
            'Here the ' + st.child.title + ' flow takes over; its own scenarios walk it step by step: ',
            h('a', { href: '#' + st.child.anchor, text: 'walk through the ' + st.child.title + ' flow' }),
            '. When it ends, this flow goes on with its answer.',
          ]),
        );
    });
    var ctx = d.contexts[step[4]];
    var changed = i > 0 ? contextChanges(d.contexts[sc.steps[i - 1][4]], ctx) : null;
    // The context is the machine's own data, the walks' start values included (every payment starts
    // from one request, by card, whatever method its answer then takes): for the tester, with the
    // other technical names.
    var known = [
      h('h4', { text: 'What the flow knows (its context)' }),
      h('p', { class: 'small', text: "As the walks hold it: the start values are the walks' own, and the answers on each step decide the way." }),
    ];
    if (changed) known.push(h('p', { class: 'small', text: changed.length ? 'Changed by this step: ' + changed.join(', ') : 'Nothing changed on this step.' }));
    known.push(h('pre', { class: 'context', tabindex: '0', 'aria-label': 'Context', text: JSON.stringify(ctx, null, 2) }));
    nodes.push(h('div', { class: 'tech' }, known));
    el.replaceChildren.apply(el, nodes);
    return { inner: inner, taken: step[7] };
  }

  function mark(flow, d, at, closer) {
    var chart = charts[flow];
    if (!chart) return;
    chart.root.querySelectorAll('.is-current, .is-taken').forEach(function (g) {
      g.classList.remove('is-current', 'is-taken');
    });
    var focus = null;
    at.inner.forEach(function (st) {
      var g = document.getElementById(flow + '-' + st.svg);
      if (g) {
        g.classList.add('is-current');
        focus = focus || g;
      }
    });
    at.taken.forEach(function (t) {
      ((d.transitions[t] || {}).svg || []).forEach(function (id) {
        var g = document.getElementById(flow + '-' + id);
        if (g) g.classList.add('is-taken');
      });
    });
    if (focus) chart.reveal(focus, closer);
    return focus;
  }

  function Walk(root) {
    var flow = root.getAttribute('data-flow');
    var d = data[flow];
    var select = root.querySelector('select');
    var back = root.querySelector('.step-back');
    var next = root.querySelector('.step-next');
    var count = root.querySelector('.step-count');
    var stepEl = root.querySelector('.step');
    var sc = null;
    var i = 0;
    /** Shows step `i`; a step the reader asked for is followed on the chart, zoomed in until they choose a zoom. */
    function show(asked) {
      var at = renderStep(d, sc, i, stepEl);
      count.textContent = 'Step ' + (i + 1) + ' of ' + sc.steps.length;
      back.disabled = i === 0;
      next.disabled = i === sc.steps.length - 1;
      mark(flow, d, at, asked ? 'follow' : false);
      // On a phone the chart is above the panel: this brings it, zoomed in on the state, into sight.
      stepEl.querySelector('.show-on-chart').addEventListener('click', function () {
        if (!charts[flow]) return;
        charts[flow].root.scrollIntoView({ block: 'start' });
        mark(flow, d, at, true);
      });
    }
    function choose(k, asked) {
      sc = d.scenarios[k];
      i = 0;
      select.value = String(k);
      root.querySelector('.scenario-name').textContent = 'P' + sc.n + ': ' + sc.name;
      root.querySelector('.scenario-title').textContent = sc.title;
      show(asked);
    }
    select.addEventListener('change', function () {
      choose(Number(select.value), true);
    });
    back.addEventListener('click', function () {
      if (i > 0) i -= 1;
      show(true);
    });
    next.addEventListener('click', function () {
      if (i < sc.steps.length - 1) i += 1;
      show(true);
    });
    choose(0);
    return { choose: choose, root: root };
  }

  var walks = {};
  document.querySelectorAll('.walk[data-flow]').forEach(function (root) {
    if (root.querySelector('select')) walks[root.getAttribute('data-flow')] = Walk(root);
  });
  // "Walk through P12" in a flow's paths: that scenario in the walk-through.
  document.addEventListener('click', function (e) {
    var button = e.target.closest && e.target.closest('button[data-walk]');
    if (!button) return;
    var walk = walks[button.getAttribute('data-walk')];
    if (!walk) return;
    walk.choose(Number(button.getAttribute('data-scenario')), true);
    walk.root.scrollIntoView({ block: 'start' });
    walk.root.querySelector('select').focus({ preventScroll: true });
  });
})();
