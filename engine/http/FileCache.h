#pragma once

#include "http/StaticFile.h"
#include "http/StringHash.h"

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
 * kMaxFileBytes, its bytes. An entry younger than kValidMs is used without
 * a system call; an older one is checked again (open + fstat), and its
 * bytes re-read only when inode, size or modification time changed. So a
 * change to a file shows within kValidMs.
 *
 * Bounded: at most kMaxBytes of file bytes and kMaxEntries entries per
 * worker, least recently used out first. One per worker, no lock (several
 * workers may hold the same small file; kMaxBytes is per worker).
 *
 * Thread: the worker that owns the RequestHandler. Pointers returned stay
 * valid until the next lookup().
 */
class FileCache final
{
public:
    static constexpr std::uint64_t kMaxFileBytes = 64 * 1024;
    static constexpr std::uint64_t kMaxBytes = 8 * 1024 * 1024;
    static constexpr std::size_t kMaxEntries = 8192;
    static constexpr std::int64_t kValidMs = 1000;

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
    };

    /*
     * Maps `path` of `site` (StaticFile::open semantics). Returns the entry for
     * Found and NotFound, else null with `result` set (Forbidden, Directory,
     * DirectoryWithoutSlash are never cached). `fd` is opened only when the
     * caller needs it (`wantFd`) and the entry holds no content; `scratch`
     * then holds the relative path (Directory: the directory's).
     * `probeSiblings`: look for ".br"/".gz" when (re)checking. `reason`, when
     * given, is set as StaticFile::open sets it (a cached NotFound keeps its own).
     */
    const Entry *lookup(const Site &site, std::string_view path, bool probeSiblings, bool wantFd,
        StaticFile::Result &result, UniqueFd &fd, std::string &scratch, const char **reason = nullptr);

    std::uint64_t contentBytes() const { return m_bytes; }
    std::size_t size() const { return m_map.size(); }
    void clear();
    static std::int64_t nowMs();

private:
    using List = std::list<Entry>;
    void erase(List::iterator it);
    void trim();
    void refresh(
        Entry &entry, const Site &site, UniqueFd &fd, const StaticFile::Stat &stat, bool probeSiblings);

    List m_lru; // most recently used first
    std::unordered_map<std::string_view, List::iterator> m_map; // keys point into the entries
    std::uint64_t m_bytes = 0;
    std::string m_key;
};

} // namespace hostbench::http
