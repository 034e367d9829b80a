//! Save files, for both games: the save document every front end shares
//! (`Session::to_json`), read bounded and written the way careful tools write a file that
//! holds secrets.

use std::io::{Read as _, Write as _};
use std::path::Path;

use kingup_core::kingup_table::{Rules, Session};
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::CliError;

/// Reads the save document in `path`: never more of the file than a save can be (with the
/// line end [`write()`] puts after it), so a huge file is refused unread.
pub(crate) fn load<G: Rules>(path: &Path) -> Result<Session<G>, CliError>
where
    G::Config: Serialize + DeserializeOwned,
{
    let room = G::MAX_SAVE_LEN + 2;
    let cannot = |why: String| CliError::Failed(format!("cannot load {}: {why}", path.display()));
    let unreadable =
        |e: std::io::Error| CliError::Failed(format!("cannot read {}: {e}", path.display()));
    let file = std::fs::File::open(path).map_err(unreadable)?;
    let mut bytes = Vec::new();
    file.take(room as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(unreadable)?;
    if bytes.len() > room {
        return Err(cannot(format!(
            "the file is longer than {room} bytes, more than a save document holds"
        )));
    }
    let text = String::from_utf8(bytes).map_err(|e| cannot(format!("not UTF-8: {e}")))?;
    Session::from_json(text.trim_end()).map_err(|e| cannot(e.to_string()))
}

/// Writes `session`'s save document to `path`. The file holds every secret of the game
/// (the deals, the generator that predicts the next ones), so it is written as careful
/// tools write: into a new temporary file created exclusively beside `path` (never
/// through a link planted there), readable by its owner only (0600), then renamed over
/// `path` in one step, so an interrupted write never leaves half a save. A `path` that
/// exists and is not a regular file (a device, a directory, a link) is refused untouched.
pub(crate) fn write<G: Rules>(path: &Path, session: &Session<G>) -> Result<(), CliError>
where
    G::Config: Serialize + DeserializeOwned,
{
    let failed =
        |why: String| CliError::Failed(format!("cannot save to {}: {why}", path.display()));
    match std::fs::symlink_metadata(path) {
        Ok(meta) if !meta.file_type().is_file() => {
            return Err(failed("it exists and is not a regular file".to_owned()));
        }
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(failed(e.to_string())),
    }
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    // `tempfile` opens with O_CREAT | O_EXCL and mode 0600 on Unix.
    let mut file = tempfile::Builder::new()
        .prefix(".kingup-save-")
        .tempfile_in(folder)
        .map_err(|e| failed(e.to_string()))?;
    file.write_all((session.to_json() + "\n").as_bytes())
        .and_then(|()| file.as_file().sync_all())
        .map_err(|e| failed(e.to_string()))?;
    file.persist(path)
        .map_err(|e| failed(e.error.to_string()))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session() -> kingup_court::Session {
        kingup_court::Session::new(kingup_court::Config::new(3), 7).unwrap()
    }

    #[test]
    fn a_save_reads_back_and_is_private() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("court.json");
        let mut s = session();
        s.play_random();
        write(&path, &s).unwrap();
        assert_eq!(load::<kingup_court::Game>(&path).unwrap(), s);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 1, "no temporary file is left behind");
    }

    #[cfg(unix)]
    #[test]
    fn a_target_that_is_not_a_regular_file_is_refused_untouched() {
        let dir = tempfile::tempdir().unwrap();
        let victim = dir.path().join("victim.txt");
        std::fs::write(&victim, "keep me").unwrap();
        let link = dir.path().join("save.json");
        std::os::unix::fs::symlink(&victim, &link).unwrap();
        let err = format!("{:?}", write(&link, &session()).unwrap_err());
        assert!(err.contains("not a regular file"), "{err}");
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep me");
        assert!(write(dir.path(), &session()).is_err(), "a directory");
        // A link planted where an old tool put its temporary file is not followed.
        let planted = dir.path().join("game.json.tmp");
        std::os::unix::fs::symlink(&victim, &planted).unwrap();
        write(&dir.path().join("game.json"), &session()).unwrap();
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep me");
    }

    #[test]
    fn a_long_or_edited_file_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("big.json");
        std::fs::write(&path, vec![b' '; kingup_court::MAX_SAVE_LEN + 3]).unwrap();
        let err = format!("{:?}", load::<kingup_court::Game>(&path).unwrap_err());
        assert!(err.contains("longer than"), "{err}");
        let text = session()
            .to_json()
            .replace("\"version\":1", "\"version\":9");
        std::fs::write(&path, text).unwrap();
        assert!(load::<kingup_court::Game>(&path).is_err());
    }
}
