"""A server without the engine: the page uploads for every job, as it did before the engine, and nothing breaks."""
import os

from webapp_support import *  # noqa: F401,F403 (the shared helpers and constants)


def fallback_view(driver):
    """The page of a server started without --engine (none beside the binary either): Convert and Verify hidden,
    Assemble uploading both files and making the Live Photo (and its .pvt.zip) in a server job."""
    folder = os.path.join(WORK, "fallback")
    os.makedirs(folder, exist_ok=True)
    server, url = start_server(folder, engine=False)
    try:
        driver.get(url)
        set_size(driver, DESKTOP)
        wait_for(driver, "return document.body.dataset.ready === 'yes'", 30)
        where = script(driver, "return [document.body.dataset.host, document.body.dataset.engine]")
        check("without the engine the page knows it (nothing beside this binary, no --engine)", where == ["server", "no"], where)
        tabs = [t.text for t in driver.find_elements(By.CSS_SELECTOR, ".segmented button") if t.is_displayed()]
        check("without the engine, Convert, Verify and Library are not offered", tabs == ["Assemble", "Disassemble", "Camera", "Gallery", "Import"], tabs)
        driver.find_element(By.ID, "assemble-photo").send_keys(PHOTO)
        driver.find_element(By.ID, "assemble-video").send_keys(CLIP)
        wait_for(driver, "return !document.getElementById('assemble-go').disabled", 60)
        uploads = [script(driver, UPLOADS_OF, os.path.basename(path)) for path in [PHOTO, CLIP]]
        check("without the engine, the photo and the video are uploaded as they are chosen", uploads == [1, 1], uploads)
        driver.find_element(By.ID, "assemble-go").click()
        wait_for(driver, "return !document.getElementById('assemble-result').hidden || !document.getElementById('assemble-error').hidden", 180)
        roles = script(driver, "return [...document.querySelectorAll('#assemble-result .downloads a')].map(a => a.dataset.role)")
        made = script(driver, "return document.getElementById('assemble-result').dataset.made")
        check("without the engine, the server's job makes the pair and its .pvt.zip", made == "server" and roles == ["photo", "video", "bundle"],
              (made, roles, driver.find_element(By.ID, "assemble-error").text))
    finally:
        server.terminate()
        server.wait(30)
