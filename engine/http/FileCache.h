#pragma once

#include "http/ContentCoding.h"
#include "http/SharedFd.h"
#include "http/StaticFile.h"
#include "http/StringHash.h"

#include <boost/intrusive/list.hpp>

#include <cstdint>
#include <list>
#include <string>
#include <string_view>
#include <unordered_map>

namespace hostbench::http {

/*
 * The worker's cache of the mapping phase, after nginx's open_file_cache
 * with open_file_cache_valid 1s: per site and request path, the outcome
 * (Found or NotFound), the file's relative path and validators, whether
 * precompressed siblings (".br", ".gz") exist, and, for a file of at most
 * kMaxFileBytes, its bytes; for a file over kSendfileMinBytes, its open
 * descriptor too (nginx's open_file_cache, lighttpd's fd cache), so that
 * serving it makes no open, fstat or close. A file with both goes out by
 * sendfile(2) on cleartext HTTP/1.1 and from its bytes over TLS and HTTP/2
 * (Connection::planBody). An entry younger than kValidMs is used without
 * a system call; an older one is checked again (open + fstat), and its
 * bytes re-read only when inode, size or modification time changed, its
 * descriptor replaced by the new one then (the old one closes once no
 * response sends from it). So a change to a file shows within kValidMs,
 * and no descriptor of a file seen changed is handed out again.
 *
 * Bounded: at most kMaxBytes of file bytes and kMaxEntries entries per
 * worker, least recently used out first; at most descriptorBudget() open
 * descriptors, the least recently used one closed first (its entry stays,
 * and opens the file per request until it is used enough to keep one
 * again). One per worker, no lock (several workers may hold the same small
 * file; kMaxBytes is per worker).
 *
 * Thread: the worker that owns the RequestHandler. Pointers returned stay
 * valid until the next lookup() or lookupFile(): a file and the sibling
 * sent for it come from one lookupFile() call, which keeps both.
 */
class FileCache final
{
public:
    static constexpr std::uint64_t kMaxFileBytes = 64 * 1024;
    // A file of more bytes keeps its descriptor even when its bytes are
    // held, for sendfile(2). The client then copies each answer out of the
    // page cache's pages, the same ones every time and warm in every core's
    // cache, instead of out of socket buffers that the worker's core has
    // just written: on W2 (45,056 B, wrk -c50) wrk spent about 5% less CPU
    // per answer, its core being the limit (issue #22). Below it, one
    // sendmsg(2) of head and bytes costs less than a second system call.
    // The same bound as Connection::kInlineFileLimit, the largest body read
    // into the output buffer.
    static constexpr std::uint64_t kSendfileMinBytes = 16 * 1024;
    static constexpr std::uint64_t kMaxBytes = 8 * 1024 * 1024;
    static constexpr std::size_t kMaxEntries = 8192;
    static constexpr std::int64_t kValidMs = 1000;
    // Open descriptors kept per worker, at most (see descriptorBudgetFor()).
    static constexpr std::size_t kMaxOpenFiles = 512;

    struct Entry
    {
        std::string key;
        StaticFile::Result result = StaticFile::Result::NotFound; // Found or NotFound
        const char *reason = nullptr; // NotFound: why (StaticFile::open), a static string
        std::string relative; // of the file found
        StaticFile::Stat stat;
        bool haveContent = false;
        std::string content; // the whole file when haveContent
        // The identity ETag and Last-Modified, formatted when the file was
        // (re)checked: the same for every request until it changes.
        std::string etag;
        std::string lastModified; // IMF-fixdate (RFC 9110 §5.6.7)
        bool brotli = false; // "<relative>.br" is a regular file
        bool gzip = false;
        std::int64_t checkedMs = 0;
        // Found without content, or with content of over kSendfileMinBytes:
        // the file, open, while the budget allows.
        SharedFd fd;
        boost::intrusive::list_member_hook<boost::intrusive::link_mode<boost::intrusive::auto_unlink>>
            fdHook; // in m_withFd while fd is valid
    };

    // What lookupFile() found: the file and the representation to send.
    struct Representation
    {
        const Entry *file = nullptr; // the file asked for: null unless `result` is Found or NotFound
        const Entry *chosen = nullptr; // Found: `file`, or its precompressed sibling
        ContentCoding::Coding coding = ContentCoding::Coding::Identity; // of `chosen`
        SharedFd fd; // `chosen`'s descriptor, as lookup() sets `fd`
    };

    /*
     * The file at `path` of `site` (lookup() with its siblings probed), and
     * the representation `acceptEncoding` chooses (ContentCoding::choose):
     * its ".br" or ".gz" sibling when one exists and is preferred, else the
     * file. Both entries stay valid until the next lookup (the file is kept
     * while its sibling is looked up, whatever the budget). `result` and
     * `reason` are the file's.
     */
    Representation lookupFile(const Site &site, std::string_view path, std::string_view acceptEncoding,
        bool wantFd, StaticFile::Result &result, std::string &scratch, const char **reason = nullptr);

    /*
     * Maps `path` of `site` (StaticFile::open semantics). Returns the entry for
     * Found and NotFound, else null with `result` set (Forbidden, Directory,
     * DirectoryWithoutSlash are never cached). `fd` is set only when the
     * caller needs it (`wantFd`): for an entry without content, the cached
     * descriptor (no system call), else a file opened now; for one with
     * content, the cached descriptor if it keeps one (none is opened for
     * it between checks: the bytes serve); `scratch` may
     * hold the relative path (Directory: the directory's).
     * `probeSiblings`: look for ".br"/".gz" when (re)checking. `reason`, when
     * given, is set as StaticFile::open sets it (a cached NotFound keeps its own).
     */
    const Entry *lookup(const Site &site, std::string_view path, bool probeSiblings, bool wantFd,
        StaticFile::Result &result, SharedFd &fd, std::string &scratch, const char **reason = nullptr);

    std::uint64_t contentBytes() const { return m_bytes; }
    std::size_t size() const { return m_map.size(); }
    // Descriptors the entries hold now (responses under way may hold others
    // the cache has let go), and the most it keeps.
    std::size_t openFiles() const { return m_openFiles; }
    std::size_t descriptorBudget() const { return m_fdBudget; }
    // Before the worker serves; 0 keeps no descriptor.
    void setDescriptorBudget(std::size_t budget) { m_fdBudget = budget; }
    // File bytes kept at most (kMaxBytes unless set); before the worker serves.
    void setContentBudget(std::uint64_t bytes) { m_maxBytes = bytes; }
    // A worker's budget: kMaxOpenFiles, and at most a quarter of the
    // process's descriptor limit (`softLimit`, RLIMIT_NOFILE) shared by
    // `workers`, so connections, listeners and logs keep the rest.
    static std::size_t descriptorBudgetFor(std::uint64_t softLimit, unsigned workers);
    void clear();
    static std::int64_t nowMs();

private:
    using List = std::list<Entry>;
    void erase(List::iterator it);
    // Evicts beyond the budgets, never the entry being returned (the front) nor m_pinned.
    void trim();
    void makeKey(const Site &site, std::string_view path, bool probeSiblings);
    // A cached Found entry within kValidMs: its descriptor, reopened when
    // the budget closed it; false when the file is gone since.
    bool reuseFd(Entry &entry, const Site &site, bool probeSiblings, std::int64_t now, SharedFd &fd,
        std::string &scratch);
    // Opens `path` and (re)checks `existing` (m_lru.end(): none) with what it finds.
    const Entry *check(List::iterator existing, const Site &site, std::string_view path, bool probeSiblings,
        bool wantFd, std::int64_t now, StaticFile::Result &result, SharedFd &fd, std::string &scratch,
        const char **reason);
    void refresh(
        Entry &entry, const Site &site, UniqueFd &fd, const StaticFile::Stat &stat, bool probeSiblings);
    // Keeps `opened` as the entry's descriptor (closing the least recently
    // used one beyond the budget) and hands it to `fd`.
    void keepFd(Entry &entry, UniqueFd opened, SharedFd &fd);
    void dropFd(Entry &entry);
    // The entry's kept descriptor to `fd`, the entry first in m_withFd.
    void handOutFd(Entry &entry, SharedFd &fd);

    using FdList = boost::intrusive::list<Entry,
        boost::intrusive::member_hook<Entry, decltype(Entry::fdHook), &Entry::fdHook>,
        boost::intrusive::constant_time_size<false>>;

    List m_lru; // most recently used first
    std::unordered_map<std::string_view, List::iterator> m_map; // keys point into the entries
    FdList m_withFd; // the entries holding a descriptor, most recently used first
    std::uint64_t m_bytes = 0;
    std::size_t m_openFiles = 0;
    std::size_t m_fdBudget = kMaxOpenFiles;
    std::uint64_t m_maxBytes = kMaxBytes;
    const Entry *m_pinned = nullptr; // the file whose sibling is being looked up
    std::string m_key;
    std::string m_siblingPath;
};

} // namespace hostbench::http
