"""Fixtures for the real-browser tests: a Voila server and Debian's chromium driven by Playwright.

These tests never skip. Without chromium they fail and say how to install it; `.ci/run` installs
it in CI. Playwright's own browser download (`playwright install`) does not work on these
machines: Playwright launches the system's chromium through `executable_path`.

One Voila server serves the whole notebooks/ folder for the session; ``voila_app_url(path)`` is
the page of one notebook (a path relative to notebooks/).  ``voila_url`` is the melee-odds
lesson's page, or that of the notebook named by the environment variable
RULES_EXPLORER_BROWSER_NOTEBOOK (under notebooks/, relative to the repository root or absolute).
Screenshots and Voila's log go to test-artifacts/browser/ (git-ignored).
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO_ROOT / "test-artifacts" / "browser"
DEFAULT_NOTEBOOK = "notebooks/behind/03_melee_and_ranged_odds.ipynb"
NOTEBOOK_ENV_VAR = "RULES_EXPLORER_BROWSER_NOTEBOOK"

# What is known to work on these machines (shared notes on Jupyter testing): headless Debian
# chromium as root, with nothing reaching out to the network.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
]
LOCAL_HOSTS = {"127.0.0.1", "localhost"}

VOILA_START_TIMEOUT = 60  # seconds until Voila listens
VOILA_STOP_TIMEOUT = 15  # seconds after SIGTERM before it is killed


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="session")
def chromium_path() -> str:
    path = shutil.which("chromium")
    if path is None:
        pytest.fail(
            "Debian's chromium is needed for the browser tests and is not installed: "
            "run `apt-get install chromium` (as root; `apt-get update` first). "
            "Do not use `playwright install`: its browser download fails on these machines.",
            pytrace=False,
        )
    return path


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _log_tail(path: Path, lines: int = 40) -> str:
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return "(no log)"
    return "\n".join(text.splitlines()[-lines:])


@pytest.fixture(scope="session")
def voila_notebook() -> Path:
    notebook = Path(os.environ.get(NOTEBOOK_ENV_VAR) or DEFAULT_NOTEBOOK)
    if not notebook.is_absolute():
        notebook = REPO_ROOT / notebook
    if not notebook.is_file():
        pytest.fail(f"notebook to serve with Voila not found: {notebook}", pytrace=False)
    return notebook


NOTEBOOKS = REPO_ROOT / "notebooks"


@pytest.fixture(scope="session")
def voila_app_url(voila_server: str):
    """The Voila page of a notebook given by its path under notebooks/."""
    def url(notebook: str | Path) -> str:
        path = Path(notebook)
        if path.is_absolute() or path.parts[:1] == ("notebooks",):
            path = (REPO_ROOT / path).resolve().relative_to(NOTEBOOKS)
        if not (NOTEBOOKS / path).is_file():
            pytest.fail(f"notebook to serve with Voila not found: {NOTEBOOKS / path}", pytrace=False)
        return f"{voila_server}voila/render/{path.as_posix()}"
    return url


@pytest.fixture(scope="session")
def voila_url(voila_notebook: Path, voila_app_url) -> str:
    return voila_app_url(voila_notebook)


@pytest.fixture(scope="session")
def voila_server(artifacts_dir: Path):
    """Start Voila (from this interpreter's environment) on a free port, serving notebooks/;
    yield its base URL."""
    port = _free_port()
    log_path = artifacts_dir / "voila.log"
    cmd = [
        sys.executable, "-m", "voila", str(NOTEBOOKS),
        "--no-browser",
        "--Voila.ip=127.0.0.1",
        f"--port={port}",
        "--Voila.port_retries=0",
        "--VoilaConfiguration.show_tracebacks=True",
    ]
    with log_path.open("wb") as log:
        proc = subprocess.Popen(
            cmd, cwd=REPO_ROOT, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
    try:
        deadline = time.monotonic() + VOILA_START_TIMEOUT
        while True:
            if proc.poll() is not None:
                pytest.fail(
                    f"Voila exited with code {proc.returncode} before listening; "
                    f"log {log_path}:\n{_log_tail(log_path)}", pytrace=False,
                )
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    pytest.fail(
                        f"Voila did not listen on port {port} within {VOILA_START_TIMEOUT} s; "
                        f"log {log_path}:\n{_log_tail(log_path)}", pytrace=False,
                    )
                time.sleep(0.2)
        yield f"http://127.0.0.1:{port}/"
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)  # Voila shuts its kernels down on SIGTERM
            try:
                proc.wait(timeout=VOILA_STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


@pytest.fixture(scope="module")
def browser(chromium_path: str):
    """Debian's chromium, launched by Playwright's sync API.

    Module-scoped on purpose: Playwright's sync API keeps an asyncio loop of its own while it
    runs, so it is stopped when this module's tests are done, before nbval runs the notebooks.
    """
    from playwright.sync_api import sync_playwright

    pw = sync_playwright().start()
    try:
        browser = pw.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()
    finally:
        pw.stop()


def _only_local(route) -> None:
    host = urlsplit(route.request.url).hostname
    if host in LOCAL_HOSTS:
        route.continue_()
    else:  # e.g. the fonts that Voila's page asks a CDN for
        route.abort()


@pytest.fixture
def page(browser):
    """A fresh page whose requests can reach only 127.0.0.1/localhost."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.route("**/*", _only_local)
    try:
        yield context.new_page()
    finally:
        context.close()


# --- JupyterLab ----------------------------------------------------------------------------------
# One JupyterLab server for the session, rooted at the repository (as `make lab` is), with its own
# temporary workspaces, settings, config and data folders: nothing of the user's is read or written.
# Settings: no news or update checks, no autosave (the lessons are never saved), and every cell
# attached to the page (windowing off) so that outputs out of view can be measured too.

LAB_START_TIMEOUT = 90  # seconds until JupyterLab answers /api/status
LAB_SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings":
        {"fetchNews": "false", "checkForUpdates": False},
    "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
}


def _http(url: str, method: str = "GET", timeout: float = 5):
    import json
    import urllib.request

    with urllib.request.urlopen(urllib.request.Request(url, method=method), timeout=timeout) as reply:
        body = reply.read()
    return json.loads(body) if body else None


@pytest.fixture(scope="module")
def lab_server(artifacts_dir: Path, tmp_path_factory):
    """Start JupyterLab (from this interpreter's environment) on a free port, rooted at the
    repository; yield its base URL (``lab_server + "lab/tree/notebooks/..."``). One server for all
    the tests of a module (the lessons run one after the other in it), stopped after them."""
    import json

    home = tmp_path_factory.mktemp("jupyterlab")
    for name, values in LAB_SETTINGS.items():
        path = home / "settings" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values), encoding="utf-8")
    env = {
        **os.environ,
        "PYTHONUNBUFFERED": "1",
        "JUPYTERLAB_SETTINGS_DIR": str(home / "settings"),
        "JUPYTERLAB_WORKSPACES_DIR": str(home / "workspaces"),
        "JUPYTER_CONFIG_DIR": str(home / "config"),
        "JUPYTER_DATA_DIR": str(home / "data"),
        "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
    }
    port = _free_port()
    log_path = artifacts_dir / "jupyterlab.log"
    cmd = [
        sys.executable, "-m", "jupyterlab",
        "--allow-root", "--no-browser",
        "--IdentityProvider.token=", "--ServerApp.password=",
        "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
        f"--ServerApp.root_dir={REPO_ROOT}",
        "--LabApp.expose_app_in_browser=True",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        "--LabApp.news_url=",
        "--LabApp.extension_manager=readonly",
        "--ServerApp.disable_check_xsrf=True",  # sessions are closed through the REST API after each test
    ]
    with log_path.open("wb") as log:
        proc = subprocess.Popen(cmd, cwd=REPO_ROOT, stdin=subprocess.DEVNULL, stdout=log,
                                stderr=subprocess.STDOUT, env=env)
    base = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + LAB_START_TIMEOUT
        while True:
            if proc.poll() is not None:
                pytest.fail(f"JupyterLab exited with code {proc.returncode} before answering; "
                            f"log {log_path}:\n{_log_tail(log_path)}", pytrace=False)
            try:
                _http(base + "api/status", timeout=2)
                break
            except OSError:
                if time.monotonic() > deadline:
                    pytest.fail(f"JupyterLab did not answer on port {port} within {LAB_START_TIMEOUT} s; "
                                f"log {log_path}:\n{_log_tail(log_path)}", pytrace=False)
                time.sleep(0.3)
        yield base
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)  # the server shuts its kernels down on SIGTERM
            try:
                proc.wait(timeout=VOILA_STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


@pytest.fixture
def lab_kernels_shut_down(lab_server: str):
    """After the test, every session of the JupyterLab server is closed and its kernel shut down,
    so that lessons run one at a time."""
    yield
    try:
        for session in _http(lab_server + "api/sessions") or []:
            _http(f"{lab_server}api/sessions/{session['id']}", method="DELETE", timeout=30)
    except OSError:
        pass  # the server is gone; its own teardown reports why
