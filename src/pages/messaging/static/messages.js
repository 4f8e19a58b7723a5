// The messages pages' progressive script (served as is by src/pages/messaging/assets.ts, no build).
// The pages work without it (reload to see new messages). With it, the page subscribes to its
// live stream (Server-Sent Events, the page's own cookie; the browser resumes after a dropped
// connection with Last-Event-ID): a message of the open conversation is added to it and marked
// read, a message of another conversation raises its badge in the list, and the header's unread
// badge follows the `unread` events.
(function () {
  'use strict';
  var root = document.getElementById('messaging');
  if (!root || !window.EventSource) return;
  var base = root.getAttribute('data-base');
  var current = root.getAttribute('data-conversation');
  var you = root.getAttribute('data-you') || 'You';

  function setCount(el, count) {
    if (!el) return;
    el.textContent = String(count);
    el.setAttribute('data-count', String(count));
  }

  function text(tag, className, value) {
    var el = document.createElement(tag);
    if (className) el.className = className;
    el.textContent = value;
    return el;
  }

  function size(bytes) {
    return bytes >= 1048576 ? (bytes / 1048576).toFixed(1) + ' MB' : Math.max(1, Math.round(bytes / 1024)) + ' KB';
  }

  function appendMessage(m) {
    var list = document.getElementById('messages');
    if (!list || list.querySelector('[data-message-id="' + m.message_id + '"]')) return;
    var li = document.createElement('li');
    li.className = 'message' + (m.is_own ? ' own' : '');
    li.setAttribute('data-message-id', m.message_id);
    var meta = document.createElement('p');
    meta.className = 'meta';
    meta.appendChild(text('strong', 'author', m.is_own ? you : m.author.name));
    meta.appendChild(document.createTextNode(' · '));
    var time = text(
      'time',
      '',
      new Date(m.created_at).toLocaleString(document.documentElement.lang || undefined, { dateStyle: 'medium', timeStyle: 'short' }),
    );
    time.setAttribute('datetime', m.created_at);
    meta.appendChild(time);
    li.appendChild(meta);
    li.appendChild(text('p', 'body', m.body));
    if (m.attachments && m.attachments.length > 0) {
      var ul = document.createElement('ul');
      ul.className = 'attachments';
      m.attachments.forEach(function (a) {
        var item = document.createElement('li');
        var link = text('a', '', a.filename);
        link.href = base + '/' + encodeURIComponent(m.conversation_id) + '/attachments/' + encodeURIComponent(a.id);
        link.setAttribute('download', '');
        item.appendChild(link);
        item.appendChild(document.createTextNode(' '));
        item.appendChild(text('span', 'muted', '(' + size(a.size) + ')'));
        ul.appendChild(item);
      });
      li.appendChild(ul);
    }
    list.appendChild(li);
  }

  // The open conversation was read up to the new message: the same form a person would send.
  function markRead() {
    var form = document.getElementById('mark-read');
    if (!form || !window.fetch) return;
    fetch(form.action, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(new FormData(form)).toString(),
    })
      .then(function (res) {
        return res.text();
      })
      .catch(function () {
        /* the next visit marks it read */
      });
  }

  function bumpInList(m) {
    var list = document.getElementById('conversations');
    if (!list) return;
    var row = list.querySelector('[data-conversation-id="' + m.conversation_id + '"]');
    if (!row) {
      // A conversation this page does not show yet: a link to it on top of the list.
      row = document.createElement('li');
      row.className = 'conversation';
      row.setAttribute('data-conversation-id', m.conversation_id);
      var link = text('a', '', m.author.name + ': ' + m.body.slice(0, 80));
      link.href = base + '/' + encodeURIComponent(m.conversation_id);
      row.appendChild(link);
      row.appendChild(document.createTextNode(' '));
      var badge = text('span', 'count', '0');
      badge.setAttribute('data-count', '0');
      row.appendChild(badge);
      var empty = document.getElementById('no-conversations');
      if (empty) empty.remove();
    }
    list.insertBefore(row, list.firstChild);
    if (!m.is_own) {
      var count = row.querySelector('.count');
      setCount(count, Number(count.getAttribute('data-count') || '0') + 1);
      row.classList.add('has-unread');
    }
  }

  var stream = new EventSource(root.getAttribute('data-stream'), { withCredentials: true });
  stream.addEventListener('message', function (event) {
    var m = JSON.parse(event.data);
    if (current && m.conversation_id === current) {
      appendMessage(m);
      if (!m.is_own && document.visibilityState !== 'hidden') markRead();
    } else if (!current) {
      bumpInList(m);
    }
  });
  stream.addEventListener('unread', function (event) {
    setCount(document.getElementById('unread-count'), JSON.parse(event.data).count);
  });
  window.addEventListener('pagehide', function () {
    stream.close();
  });
})();
