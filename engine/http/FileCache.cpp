#include "FileCache.h"

#include "http/HttpDate.h"
#include "http/SiteTable.h"
#include "http/Validators.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <ctime>

namespace hostbench::http {

namespace {

bool siblingExists(
    const Site &site, const std::string &relative, std::string_view suffix, std::string &scratch)
{
    scratch.assign(relative).append(suffix);
    UniqueFd fd;
    StaticFile::Stat stat;
    return StaticFile::openRelative(site, scratch, fd, stat) == StaticFile::Result::Found;
}

} // namespace

std::int64_t FileCache::nowMs()
{
    timespec now {};
    ::clock_gettime(CLOCK_MONOTONIC_COARSE, &now);
    return std::int64_t(now.tv_sec) * 1000 + now.tv_nsec / 1000000;
}

std::size_t FileCache::descriptorBudgetFor(std::uint64_t softLimit, unsigned workers)
{
    return std::size_t(std::min<std::uint64_t>(kMaxOpenFiles, softLimit / 4 / std::max(workers, 1u)));
}

void FileCache::clear()
{
    m_withFd.clear();
    m_map.clear();
    m_lru.clear();
    m_bytes = 0;
    m_openFiles = 0;
}

void FileCache::dropFd(Entry &entry)
{
    if (!entry.fd.isValid())
        return;
    entry.fd.reset(); // closed now, or when the last response sending it ends
    entry.fdHook.unlink();
    --m_openFiles;
}

void FileCache::keepFd(Entry &entry, UniqueFd opened, SharedFd &fd)
{
    dropFd(entry);
    if (m_fdBudget == 0) {
        fd = std::move(opened);
        return;
    }
    while (m_openFiles >= m_fdBudget && !m_withFd.empty())
        dropFd(m_withFd.back());
    entry.fd = std::move(opened);
    m_withFd.push_front(entry);
    ++m_openFiles;
    fd = entry.fd;
}

void FileCache::erase(List::iterator it)
{
    dropFd(*it);
    m_bytes -= it->content.size();
    m_map.erase(std::string_view(it->key));
    m_lru.erase(it);
}

void FileCache::trim()
{
    // From the least recently used end; the front entry is the one being returned.
    auto victim = std::prev(m_lru.end());
    while ((m_bytes > m_maxBytes || m_map.size() > kMaxEntries) && victim != m_lru.begin()) {
        const auto next = std::prev(victim);
        if (&*victim != m_pinned)
            erase(victim);
        victim = next;
    }
}

void FileCache::refresh(
    Entry &entry, const Site &site, UniqueFd &fd, const StaticFile::Stat &stat, bool probeSiblings)
{
    const bool changed
        = !entry.haveContent || !(entry.stat == stat) || entry.result != StaticFile::Result::Found;
    entry.result = StaticFile::Result::Found;
    if (!(entry.stat == stat) || entry.etag.empty()) {
        entry.etag.clear(); // formatETag appends: the old tag goes first
        Validators::formatETag(stat.inode, stat.size, stat.mtimeNs, {}, entry.etag);
        char date[HttpDate::kLength];
        HttpDate::format(stat.mtime(), date);
        entry.lastModified.assign(date, sizeof date);
    }
    entry.stat = stat;
    if (changed) {
        m_bytes -= entry.content.size();
        entry.content.clear();
        entry.haveContent = false;
        if (stat.size <= kMaxFileBytes && StaticFile::appendBytes(fd.get(), 0, stat.size, entry.content)) {
            entry.haveContent = true;
        } else {
            entry.content.clear();
        }
        entry.content.shrink_to_fit();
        m_bytes += entry.content.size();
    }
    if (probeSiblings) {
        std::string scratch;
        entry.brotli = siblingExists(site, entry.relative, ".br", scratch);
        entry.gzip = siblingExists(site, entry.relative, ".gz", scratch);
    } else {
        entry.brotli = entry.gzip = false;
    }
}

[[gnu::flatten]] FileCache::Representation FileCache::lookupFile(const Site &site, std::string_view path,
    std::string_view acceptEncoding, bool wantFd, StaticFile::Result &result, std::string &scratch,
    const char **reason)
{
    Representation found;
    found.file = lookup(site, path, true, wantFd, result, found.fd, scratch, reason);
    if (result != StaticFile::Result::Found)
        return found;
    found.chosen = found.file;
    const Entry &file = *found.file;
    if (!(file.brotli || file.gzip) || acceptEncoding.empty())
        return found;
    const ContentCoding::Coding coding = ContentCoding::choose(acceptEncoding, file.brotli, file.gzip);
    if (coding == ContentCoding::Coding::Identity)
        return found;
    m_siblingPath.assign(1, '/').append(file.relative).append(ContentCoding::suffix(coding));
    StaticFile::Result siblingResult;
    SharedFd siblingFd;
    m_pinned = &file; // returned with its sibling: trim() must not evict it
    const Entry *sibling = lookup(site, m_siblingPath, false, wantFd, siblingResult, siblingFd, scratch);
    m_pinned = nullptr;
    if (sibling && siblingResult == StaticFile::Result::Found) {
        found.chosen = sibling;
        found.coding = coding;
        found.fd = std::move(siblingFd);
    }
    return found;
}

void FileCache::makeKey(const Site &site, std::string_view path, bool probeSiblings)
{
    // The root and the link policy are part of the key: two sites, or one
    // before and after a reload, may map the same path differently.
    m_key.assign(site.documentRoot).append(1, '\0').append(1, site.followSymlinks ? 'f' : 'b');
    for (const std::string &index : site.indexFiles)
        m_key.append(1, '\0').append(index);
    m_key.append(1, '\0').append(path).append(1, probeSiblings ? 's' : 'n');
}

const FileCache::Entry *FileCache::lookup(const Site &site, std::string_view path, bool probeSiblings,
    bool wantFd, StaticFile::Result &result, SharedFd &fd, std::string &scratch, const char **reason)
{
    fd.reset();
    if (reason)
        *reason = nullptr;
    makeKey(site, path, probeSiblings);
    const std::int64_t now = nowMs();
    const auto found = m_map.find(std::string_view(m_key));
    if (found == m_map.end())
        return check(m_lru.end(), site, path, probeSiblings, wantFd, now, result, fd, scratch, reason);
    Entry &entry = *found->second;
    m_lru.splice(m_lru.begin(), m_lru, found->second);
    if (now - entry.checkedMs >= kValidMs)
        return check(found->second, site, path, probeSiblings, wantFd, now, result, fd, scratch, reason);
    result = entry.result;
    if (reason)
        *reason = entry.reason;
    if (result != StaticFile::Result::Found || !wantFd)
        return &entry;
    if (entry.haveContent) {
        if (entry.fd.isValid())
            handOutFd(entry, fd);
        return &entry;
    }
    if (reuseFd(entry, site, probeSiblings, now, fd, scratch))
        return &entry;
    erase(m_lru.begin()); // gone since it was checked: look again
    return lookup(site, path, probeSiblings, wantFd, result, fd, scratch, reason);
}

void FileCache::handOutFd(Entry &entry, SharedFd &fd)
{
    m_withFd.erase(m_withFd.iterator_to(entry));
    m_withFd.push_front(entry);
    fd = entry.fd;
}

bool FileCache::reuseFd(
    Entry &entry, const Site &site, bool probeSiblings, std::int64_t now, SharedFd &fd, std::string &scratch)
{
    if (entry.fd.isValid()) {
        handOutFd(entry, fd); // W3's path: no system call at all
        return true;
    }
    // Its descriptor was closed for the budget: open it again.
    UniqueFd opened;
    StaticFile::Stat stat;
    scratch = entry.relative;
    if (StaticFile::openRelative(site, scratch, opened, stat) != StaticFile::Result::Found)
        return false;
    if (!(stat == entry.stat)) {
        refresh(entry, site, opened, stat, probeSiblings);
        entry.checkedMs = now;
    }
    if (!entry.haveContent) // else it shrank to a cached size
        keepFd(entry, std::move(opened), fd);
    return true;
}

const FileCache::Entry *FileCache::check(List::iterator existing, const Site &site, std::string_view path,
    bool probeSiblings, bool wantFd, std::int64_t now, StaticFile::Result &result, SharedFd &fd,
    std::string &scratch, const char **reason)
{
    StaticFile::Stat stat;
    const char *why = nullptr;
    UniqueFd opened;
    result = StaticFile::open(site, path, scratch, opened, stat, &why);
    if (reason)
        *reason = why;
    if (result != StaticFile::Result::Found && result != StaticFile::Result::NotFound) {
        if (existing != m_lru.end())
            erase(existing);
        return nullptr;
    }
    if (existing == m_lru.end()) {
        m_lru.emplace_front();
        existing = m_lru.begin();
        existing->key = m_key;
        m_map.emplace(std::string_view(existing->key), existing);
    }
    Entry &entry = *existing;
    entry.checkedMs = now;
    entry.reason = result == StaticFile::Result::NotFound ? why : nullptr;
    if (result == StaticFile::Result::NotFound) {
        dropFd(entry);
        m_bytes -= entry.content.size();
        entry.content.clear();
        entry.haveContent = false;
        entry.result = result;
        entry.brotli = entry.gzip = false;
        return &entry;
    }
    const bool same
        = entry.result == StaticFile::Result::Found && entry.stat == stat && entry.relative == scratch;
    entry.relative = scratch;
    refresh(entry, site, opened, stat, probeSiblings);
    if (entry.haveContent && entry.stat.size <= kSendfileMinBytes) {
        dropFd(entry);
    } else if (same && entry.fd.isValid()) {
        // Unchanged: the descriptor kept serves on (nginx keeps its own too);
        // the one just opened to check closes with `opened`.
        if (wantFd)
            fd = entry.fd;
    } else {
        keepFd(entry, std::move(opened), fd);
        if (!wantFd)
            fd.reset();
    }
    trim();
    return &entry;
}

} // namespace hostbench::http
