#!/usr/bin/python3
"""A bare WebKitGTK webview of exactly 360x740 (a phone's webview), driven by WebKitWebDriver.

MiniBrowser will not make a window narrower than 447 px; WebKitWebDriver starts whatever
`webkitgtk:browserOptions.binary` names with `--automation`, and the browser must then allow
automation and hand the driver a web view for each session it asks for.
"""
import base64
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import Gtk, WebKit2  # noqa: E402

WIDTH, HEIGHT = 360, 740

context = WebKit2.WebContext.get_default()
context.set_automation_allowed("--automation" in sys.argv)
windows = []
# `--init-script=<base64 JavaScript>`: run before the page's own scripts in every frame of every
# document (the engines' `session({ initScript })`, e2e/engines/drivers.mjs).
INIT_SCRIPTS = [
    base64.b64decode(arg.split("=", 1)[1]).decode("utf-8") for arg in sys.argv if arg.startswith("--init-script=")
]


def show_in_window(view):
    window = Gtk.Window()
    window.set_default_size(WIDTH, HEIGHT)
    window.set_size_request(WIDTH, HEIGHT)
    window.set_resizable(False)
    window.add(view)
    window.connect("destroy", lambda *_: windows.remove(window) if window in windows else None)
    view.connect("close", lambda *_: window.destroy())
    window.show_all()
    windows.append(window)


def create_popup(parent, _action):
    """window.open(): a new view related to the opener, shown when the page asks (as a browser does)."""
    popup = WebKit2.WebView(related_view=parent, is_controlled_by_automation=True)
    popup.connect("create", create_popup)
    popup.connect("ready-to-show", lambda view: show_in_window(view))
    return popup


def content_manager():
    manager = WebKit2.UserContentManager()
    for source in INIT_SCRIPTS:
        manager.add_script(
            WebKit2.UserScript.new(
                source,
                WebKit2.UserContentInjectedFrames.ALL_FRAMES,
                WebKit2.UserScriptInjectionTime.START,
                None,
                None,
            )
        )
    return manager


def create_web_view(_session):
    view = WebKit2.WebView(web_context=context, user_content_manager=content_manager(), is_controlled_by_automation=True)
    view.connect("create", create_popup)
    show_in_window(view)
    return view


def automation_started(_context, session):
    info = WebKit2.ApplicationInfo()
    info.set_name("portal-webview")
    info.set_version(2, 50, 0)
    session.set_application_info(info)
    session.connect("create-web-view", create_web_view)


context.connect("automation-started", automation_started)
Gtk.main()
